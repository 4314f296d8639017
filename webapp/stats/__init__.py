"""The statistics: the record and what counts (``record``), and the record as stored and exported
(``stored``). Pure Python, below every other folder of the shell: it imports only the engine."""
