"""Python's copy of the page's elements (plain Python, run and tested under CPython).

The shell reads and writes these elements as it would the DOM; every write is also recorded as an
operation, and the operations of one handled event (or timer, or answer) go to the page's applier
(``static/applier.js``) in one batch. The applier is the only script that changes the page on
Python's behalf: it knows no card, rule or word, only how to apply an operation."""
