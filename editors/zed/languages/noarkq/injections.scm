; The JSON bodies of TRANSACTION and GET/POST/PUT/DELETE requests, as one JSON text: the JSON
; grammar takes a sequence of values, so the bodies of all blocks parse together.
((body_line) @injection.content
  (#set! injection.language "json")
  (#set! injection.combined))
