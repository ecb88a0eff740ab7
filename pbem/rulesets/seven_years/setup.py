"""Placeholder while the setup stage is written (issue 14, milestone M1)."""

from __future__ import annotations


def start(ctx, c, scenario, options) -> None:
    raise NotImplementedError("7YWW set-up is being written")
