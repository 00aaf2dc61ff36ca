"""Above the games: many games played fast (fastsim, batch), simulate, and the coach.

NumPy and numba load only in ``batch`` and Dask only where a client is given; importing this
package loads neither.
"""
