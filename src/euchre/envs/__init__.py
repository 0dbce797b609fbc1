"""Adapters to research ecosystems: PettingZoo (``pettingzoo``), OpenSpiel (``openspiel``) and
Gymnasium (``gym``). They share one encoding of a ``View`` (``encoding``) and the engine's
fixed space of 72 action ids (``euchre.actions``). Install with ``pip install -e '.[envs]'``.
"""
