"""Placeholder while the treasury stage is written (issue 14, milestone M1)."""

from __future__ import annotations
