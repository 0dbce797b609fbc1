"""Keys of a stored game's ``options`` that the store itself reads (its ratings, worked out
as a game finishes), kept apart from ``match`` so that the store needs nothing of it."""

COMPUTERS = "computers"
"""At a friend table of three or four, the seats nobody had claimed when the host started,
played by the computer (``options``: seat, as text, to level); a person may still claim one
with its invite, and plays it from the next hand (``match.TAKEOVER``)."""
LEFT = "left"
"""``left{seat}``: the seat's player was away long enough for the computer to take his seat
(``match.AWAY``), even if he came back: a rated game counts as his loss (``ratings``)."""
