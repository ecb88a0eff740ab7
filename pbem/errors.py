"""Errors the library raises; the CLI maps them to exit codes (DESIGN "CLI")."""

from __future__ import annotations


class PbemError(Exception):
    """Base class. `exit_code` is what the CLI exits with."""

    exit_code = 1


class ConflictError(PbemError):
    """An append named a sequence number that is no longer the head of the log."""


class LogCorrupt(PbemError):
    exit_code = 3


class UnknownEventType(PbemError):
    exit_code = 3


class UsageError(PbemError):
    exit_code = 2


class GameError(PbemError):
    """The request is well formed but the game cannot do it now."""


class VerificationFailed(PbemError):
    exit_code = 3
