"""OpenSpiel's own algorithms on a doomtable game: ISMCTS plays, outcome-sampling MCCFR learns.

    .venv/bin/python bench/rl_openspiel_example.py --game doomlings --players 2
    .venv/bin/python bench/rl_openspiel_example.py --decisions 10 --iterations 20  # quick

ISMCTS (``open_spiel.python.algorithms.ismcts``) draws worlds through the state's
``resample_from_infostate`` (the game's own determinize) and judges them with random
play-outs; here it plays seat 0 against uniform random seats for ``--decisions`` of its own
decisions. Outcome-sampling MCCFR (``outcome_sampling_mccfr``) then runs ``--iterations``
sampled CFR iterations over the game tree (one chance deal out of ``--deals``) and prints how
many information states it has met and the average policy at the first one. The tree is far
too large for CFR to converge here: this shows the adapter working with OpenSpiel's
algorithms, not a strong policy.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr

from doomtable.rl.openspiel_game import short_name


def play_ismcts(game: pyspiel.Game, decisions: int, simulations: int, seed: int) -> int:
    """ISMCTS in seat 0 against random seats; the number of ISMCTS decisions made."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(
        game,
        evaluator,
        uct_c=2.0,
        max_simulations=simulations,
        random_state=rng,
        allow_inconsistent_action_sets=True,
    )
    state = game.new_initial_state()
    made = 0
    while not state.is_terminal() and made < decisions:
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            print(f"ISMCTS plays {state.action_to_string(0, action)}")
            state.apply_action(action)
            made += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return made


def run_mccfr(game: pyspiel.Game, iterations: int) -> int:
    """Outcome-sampling MCCFR iterations; the number of information states met."""
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(iterations):
        solver.iteration()
    infostates = solver._infostates  # the solver's regret and policy tables
    policy = solver.average_policy()
    state = game.new_initial_state()
    state.apply_action(0)
    first = policy.action_probabilities(state)
    best = max(first, key=lambda a: first[a])
    print(
        f"MCCFR: {len(infostates)} information states after {iterations} iterations; "
        f"first decision of deal 0: {state.action_to_string(state.current_player(), best)} "
        f"with probability {first[best]:.2f}"
    )
    return len(infostates)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="doomlings")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--decisions", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    game = pyspiel.load_game(short_name(args.game), {"players": args.players, "deals": args.deals})
    play_ismcts(game, args.decisions, args.simulations, args.seed)
    run_mccfr(game, args.iterations)


if __name__ == "__main__":
    main()
