"""Cards recognised in photos, offline, against the catalogue's own images: the outline
found and straightened (OpenCV), matched by perceptual hashes (``imagehash``) against an
index of the stored images kept in the cache folder.

The application object's ``scan`` part is :class:`app.scan.service.Scan`; what it answers
per photo is :class:`app.scan.results.PhotoResult`.
"""
