"""The sync flow: controller, progress dialog, status indicator and settings dialog."""
