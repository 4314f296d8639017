#!/usr/bin/python3
"""A WebKitGTK browser for WebKitWebDriver whose profile lives on disk, as a player's does.

WebKitGTK's MiniBrowser, started with ``--automation``, always uses an ephemeral session: no HTTP
cache, so every Worker and the service worker's precache download a file again where Safari would
revalidate it from its cache (an answer with no body). Measuring "one download per file" there
would measure MiniBrowser, not WebKit. This window is MiniBrowser's automation mode with one change:
the website data and the HTTP cache live in a folder of their own (``--profile``, a new one per
launch). Chromium's suite does the same (``support/engines.py`` ``chromium_driver``).

WebKitWebDriver starts it as it would MiniBrowser (``--automation`` and the inspector's address
in its environment); the browser name it reports is MiniBrowser's, which the driver asks for.
Runs under Debian's Python with its GObject bindings (apt ``python3-gi gir1.2-webkit2-4.1``).
"""

from __future__ import annotations

import argparse
import sys

import gi  # type: ignore[import-not-found]  # Debian's python3-gi, outside the venv

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gtk, WebKit2  # type: ignore[import-not-found]  # noqa: E402


def web_context(profile: str) -> WebKit2.WebContext:
    """The one context, automation allowed, its data and cache in ``profile``."""
    data = WebKit2.WebsiteDataManager(base_data_directory=f"{profile}/data", base_cache_directory=f"{profile}/cache")
    context = WebKit2.WebContext(website_data_manager=data)
    context.set_cache_model(WebKit2.CacheModel.WEB_BROWSER)  # a browser's disk cache, not a viewer's
    context.set_automation_allowed(True)
    return context


def on_automation_started(
    context: WebKit2.WebContext, session: WebKit2.AutomationSession, first: list[WebKit2.WebView]
) -> None:
    info = WebKit2.ApplicationInfo()
    info.set_name("MiniBrowser")  # the name Selenium's WebKitGTK options ask for
    info.set_version(WebKit2.get_major_version(), WebKit2.get_minor_version(), WebKit2.get_micro_version())
    session.set_application_info(info)
    # The first window is the one opened at start (as MiniBrowser does); later ones are new.
    session.connect("create-web-view", lambda _session: first.pop() if first else new_window(context))


def new_window(context: WebKit2.WebContext) -> WebKit2.WebView:
    view = WebKit2.WebView(web_context=context, is_controlled_by_automation=True)
    view.get_settings().set_enable_developer_extras(True)
    window = Gtk.Window()
    window.set_default_size(1000, 800)
    window.add(view)
    view.connect("close", lambda _view: window.destroy())
    window.show_all()
    return view


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--automation", action="store_true", required=True)
    parser.add_argument("--profile", required=True, help="a new folder for the website data and the HTTP cache")
    arguments, _unknown = parser.parse_known_args()
    Gtk.init(sys.argv)
    context = web_context(arguments.profile)
    first = [new_window(context)]
    first[0].load_uri("about:blank")
    context.connect("automation-started", lambda _context, session: on_automation_started(context, session, first))
    Gtk.main()


if __name__ == "__main__":
    main()
