"""The casekeeper page: exact odds live while a deal is dealt, served on the loopback.

``app`` is the page and its JSON as a WSGI application (``api`` reads the query into
the library's keyword arguments and answers with ``case.query.case_record``, as the
``case`` command does); ``headers`` puts the security headers on every answer;
``language`` reads the language of a request, ``words`` renders the page in it;
``server`` serves it with waitress, bounded; ``static/`` is the page itself (HTML, a
small script, a style sheet), which evaluates nothing: every number comes from
``/api/case``. Nothing here imports the command line.
"""
