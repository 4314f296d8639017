"""The words of a game saved to a file and opened from one, and of a replay, in Finnish and English;
merged into ``webapp.text.word_table.TEXTS``."""

from __future__ import annotations

FILE_REPLAY_TEXTS: dict[str, dict[str, str]] = {
    "fi": {
        "replay-file": "Tiedostoa ei avata uusinnan aikana: lopeta katselu ensin.",
        "game-export": "Tallenna tiedostoon",
        "game-open": "Avaa tiedosto",
        "confirm-file": "Avataanko tiedoston peli ({code})? Keskeneräinen peli päättyy.",
        "bad-game-file": "Tiedoston peliä ei avattu: {reason}",
        "share-replay": "Jaa uusinta",
        "replay-first": "Alkuun",
        "replay-back": "Edellinen",
        "replay-play": "Toista / tauko",
        "replay-forward": "Seuraava",
        "replay-last": "Loppuun",
        "play-deal": "Pelaa tätä jakoa",
        "replay-exit": "Lopeta katselu",
        "replay-step": "Uusinta: siirto {step}/{steps}",
        "replay-time": "–",
        "replay-link-copied": "Uusinnan linkki kopioitu leikepöydälle.",
        "bad-replay": "Uusintaa ei avattu: {reason}",
    },
    "en": {
        "replay-file": "No file is opened during a replay: exit the replay first.",
        "game-export": "Save to file",
        "game-open": "Open file",
        "confirm-file": "Open the file's game ({code})? The game in progress ends.",
        "bad-game-file": "The file's game was not opened: {reason}",
        "share-replay": "Share replay",
        "replay-first": "First",
        "replay-back": "Back",
        "replay-play": "Play / pause",
        "replay-forward": "Forward",
        "replay-last": "Last",
        "play-deal": "Play this deal",
        "replay-exit": "Exit replay",
        "replay-step": "Replay: move {step} of {steps}",
        "replay-time": "–",
        "replay-link-copied": "Replay link copied to the clipboard.",
        "bad-replay": "The replay was not opened: {reason}",
    },
}
