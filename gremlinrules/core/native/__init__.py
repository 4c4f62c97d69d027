"""The engine's shared native pieces (Cython): the generator, shuffles, bit sets and the base class.

Nothing here is imported by the pure-Python library. ``rng.pxd`` and ``bits.pxd`` are
``cdef inline`` declarations that each game's ``native.pyx`` compiles into itself;
``game.pyx`` is the one compiled module of the core: :class:`~.game.NativeGame`, the base class
of every game's native state, with the Python-facing methods (``legal_actions``, ``apply``,
``clone``...) and the playout loop written once. See ``docs/engine.rst``.
"""
