"""The casekeeper page: ``shtoss-exact serve``, exact odds live while a deal is dealt.

``app`` answers requests without a socket (``App.handle``); ``server`` binds the
loopback and serves them with the standard library's ``ThreadingHTTPServer``; the page
itself (``static/``: HTML, a small script, a style sheet) evaluates nothing: every
number comes from ``/api/case``, the ``case`` command's record.
"""
