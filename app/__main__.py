"""Run Archivist with ``python -m app``."""

from app.cli.main import main

raise SystemExit(main())
