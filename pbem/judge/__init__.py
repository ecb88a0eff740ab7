"""The unattended judge: `pbem run DIR` and `pbem games DIR` (docs/service.md)."""
