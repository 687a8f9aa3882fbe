// The host's rematch, told at the old table: once the host starts it, the server puts it in every seat's
// payload (and pushes it: {"type": "rematch"}), with the new table's address for everyone and, for a person
// seated here, their own seat there. "Join" takes that seat with this seat's credential (POST
// .../rematch/join), since no link that is a credential is ever put in a payload; a spectator may watch.

import { api, el, myName, nameProblem, replace, storageKey, storeGet, storeSet, toast } from "./dom.js";

/** Show the notice of `rematch` (the payload's, or null) in `panel`, for the page's seat `me` ({seat,
 * token}) at the old table whose API path is `base`. */
export function renderRematchNotice(panel, rematch, me, base) {
  panel.hidden = !rematch;
  const key = rematch ? JSON.stringify([rematch, me.seat]) : "";
  if (!rematch || panel.dataset.shown === key) return;
  panel.dataset.shown = key;
  const seated = Number.isInteger(rematch.seat) && rematch.seat === me.seat && Boolean(me.token);
  replace(panel,
    el("p", { dataset: { testid: "rematch-news" } }, "The host started a rematch — ",
      seated
        ? el("a", { href: rematch.seat_url, dataset: { testid: "rematch-join" },
          onclick: (event) => { event.preventDefault(); join(event.currentTarget, rematch, me, base); } }, "Join")
        : el("a", { href: rematch.url, dataset: { testid: "rematch-watch" } }, "Watch")));
}

/** Take this seat's place at the rematch, then go there. The host's own seats there are kept in this
 * browser already (their credentials came with the rematch), so the host's page just goes. */
async function join(link, rematch, me, base) {
  if (storeGet(storageKey(rematch.table_id, rematch.seat))) {
    location.assign(rematch.seat_url);
    return;
  }
  if (link.getAttribute("aria-disabled") === "true") return;
  link.setAttribute("aria-disabled", "true");
  try {
    const name = nameProblem(myName()) ? undefined : myName();
    const answer = await api(`${base}/rematch/join`, { method: "POST", token: me.token,
      body: name ? { seat: me.seat, name } : { seat: me.seat } });
    storeSet(storageKey(answer.table_id, answer.seat), answer.token);
    location.assign(rematch.seat_url);
  } catch (err) {
    toast(err.message);
    link.removeAttribute("aria-disabled");
  }
}
