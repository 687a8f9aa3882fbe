// Sounds at the table (issue 17): a card laid, your turn, a trick taken, a deal's end, a chat message.
//
// Each is a few milliseconds synthesised with the Web Audio API, so there are no audio files to ship and
// nothing is fetched. Browsers let a page make sound only after a person has touched it (the autoplay
// policy), so the audio context is made at the first click or key press, never before, and kept quiet.
// The mute switch in the top bar is a toggle button (aria-pressed: true when muted), remembered for every
// table in localStorage. What to sound is decided from what changed on the table (motion.js works it out),
// never from a game's name. The switch counts the sounds it let through in `data-played` (and names the
// last in `data-last-sound`): a page's own record, which the browser tests read.

import { storeGet, storeSet } from "./dom.js";

const MUTE_KEY = "parlour:sound-muted";
const VOLUME = 0.06;           // quiet: a card table, not an arcade

// Each sound as its notes: a tone (`hz`) or a burst of filtered noise (`noise`, centred on `hz`), starting
// `at` ms after the first and lasting `ms`.
const SOUNDS = {
  card: [{ noise: true, hz: 2200, ms: 55 }],
  trick: [{ noise: true, hz: 900, ms: 150 }, { noise: true, hz: 1400, ms: 90, at: 60 }],
  turn: [{ hz: 660, ms: 110 }, { hz: 880, ms: 170, at: 110 }],
  deal: [{ hz: 523, ms: 120 }, { hz: 659, ms: 120, at: 120 }, { hz: 784, ms: 240, at: 240 }],
  chat: [{ hz: 988, ms: 80 }, { hz: 1319, ms: 90, at: 80 }],
};

function note(context, { noise = false, hz, ms, at = 0 }) {
  const start = context.currentTime + at / 1000;
  const end = start + ms / 1000;
  const gain = context.createGain();
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(VOLUME, start + 0.008);
  gain.gain.exponentialRampToValueAtTime(0.0001, end);
  gain.connect(context.destination);
  let source;
  if (noise) {
    const samples = Math.ceil(context.sampleRate * ms / 1000);
    const buffer = context.createBuffer(1, samples, context.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < samples; i++) data[i] = Math.random() * 2 - 1;
    source = context.createBufferSource();
    source.buffer = buffer;
    const filter = context.createBiquadFilter();
    filter.type = "bandpass";
    filter.frequency.value = hz;
    source.connect(filter).connect(gain);
  } else {
    source = context.createOscillator();
    source.type = "triangle";
    source.frequency.value = hz;
    source.connect(gain);
  }
  source.start(start);
  source.stop(end + 0.02);
}

/**
 * The table's sounds, switched by `button` (the top bar's mute switch). `play(name)` sounds one of SOUNDS;
 * `hear(changes, {myTurn, dealOver})` sounds what a redraw changed: a trick taken, else cards played; the
 * turn when it has just become this seat's; a deal's end when the table has just paused on one (or the
 * game has just ended). The first redraw only sets what "just" means: opening a page makes no sound.
 */
export function tableSounds(button) {
  let muted = storeGet(MUTE_KEY) === "1";
  let context = null;
  let played = 0;
  let was = null;            // {myTurn, dealOver} at the redraw before

  const wake = () => {
    if (muted) return;
    if (!context) {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return;
      context = new Context();
    }
    if (context.state === "suspended") context.resume().catch(() => {});
  };
  // The first gesture anywhere on the page is what allows sound at all.
  document.addEventListener("pointerdown", wake, true);
  document.addEventListener("keydown", wake, true);

  const show = () => {
    button.setAttribute("aria-pressed", String(muted));
    button.title = muted ? "sounds are off: press to hear the table again" : "sounds are on: press to mute them";
  };
  button.addEventListener("click", () => {
    muted = !muted;
    storeSet(MUTE_KEY, muted ? "1" : "0");
    show();
    wake();
  });
  show();

  const play = (name) => {
    if (muted || !context || !SOUNDS[name]) return;
    for (const part of SOUNDS[name]) note(context, part);
    played += 1;
    button.dataset.played = String(played);
    button.dataset.lastSound = name;
  };

  const hear = ({ played: cards, gathered }, now) => {
    if (gathered) play("trick");
    else if (cards > 0) play("card");
    if (was && now.dealOver && !was.dealOver) play("deal");
    else if (was && now.myTurn && !was.myTurn) play("turn");
    was = now;
  };

  return { play, hear };
}
