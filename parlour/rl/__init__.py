"""Parlour for learning agents: fixed-size observations of views (``observation``) and PettingZoo
environments (``pettingzoo``), built from views and action numbers only.

Needs the ``rl`` extra (``pip install 'parlour[rl]'``): numpy, gymnasium and pettingzoo. The package
itself imports nothing heavy; import the module you need (``from parlour.rl.pettingzoo import env``).
"""
