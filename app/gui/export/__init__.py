"""The export flow: actions, dialog, form, background task and proxy sheet."""
