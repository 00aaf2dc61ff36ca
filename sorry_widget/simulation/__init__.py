"""Above the games: the fast loops that play many games (fast_loop, the pure-Python loop;
batch_engine, NumPy and numba), the experiments that run and summarise them (experiments for
the board game, cardgame_experiments for the card game), the coach, and the player that
learned (learned, pure Python; training, its self-play with NumPy and numba).

NumPy and numba load only in ``batch_engine`` and ``training`` and Dask only where a client is
given; importing this package loads neither.
"""
