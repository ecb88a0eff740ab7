"""The standing orders Seven Years World War takes, named in the `Phase: standing`
envelope every report carries (docs/orders-seven-years-world-war.md, "Standing
orders"; docs/reports.md)."""

from __future__ import annotations

STANDING = (
    "# Standing orders Seven Years World War takes"
    " (docs/orders-seven-years-world-war.md): losses, retreat from, leave fortified"
    " zones, advance from, upgrade order, defend with leader, honors of war when"
    " defending, discard order, defend POWER with, reaction, lose powers in order,"
    " displace to, starve order, countermarch, deal with, pact with, end game, play"
    " grand tour, illuminati, sturm und drang, minor placement, rebellion in,"
    " enlighten (the last three with their options).",
)


def standing_comments() -> list[str]:
    return list(STANDING)
