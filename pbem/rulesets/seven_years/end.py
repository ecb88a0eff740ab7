"""Placeholder while the end stage is written (issue 14, milestone M1)."""

from __future__ import annotations
