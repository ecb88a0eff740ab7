"""pbem: an event-sourced play-by-email adjudicator."""

__version__ = "0.8.4"
