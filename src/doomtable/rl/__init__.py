"""Reinforcement-learning adapters: every registered game as an environment, from views only.

- ``encoding``: fixed action tables, legal actions and masks, the games' declarations,
  rewards; ``observation``: structured observations (numpy); ``candidates``: the legal
  options as feature rows;
- ``pettingzoo_env``, ``gym_env``, ``openspiel_game``: the PettingZoo, Gymnasium and OpenSpiel
  environments (the ``rl`` extra);
- ``policy``: the learned policy bot (``--bots policy``), pure Python.

See docs/rl.md.
"""
