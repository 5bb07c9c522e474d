"""Reinforcement-learning adapters: every registered game as an environment, from views only.

- ``encoding``: fixed action spaces with legal-action masks, hashed view observations, rewards
  (no third-party imports);
- ``pettingzoo_env``, ``gym_env``, ``openspiel_game``: the PettingZoo, Gymnasium and OpenSpiel
  environments (the ``rl`` extra);
- ``policy``: the learned policy bot (``--bots policy``), pure Python.

See docs/rl.md.
"""
