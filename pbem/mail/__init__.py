"""Mail in and out (DESIGN "Defaults that need no setup": a Maildir in, .eml files out)."""
