package org.robocell.console.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.ConsoleHandler;
import java.util.logging.Handler;
import java.util.logging.Logger;

/** The root logger's console handlers swapped for another handler, and put back. */
final class LogRedirect {

    private final Logger root = Logger.getLogger("");
    private final List<Handler> replaced = new ArrayList<>();
    private final Handler handler;

    private LogRedirect(Handler handler) {
        this.handler = handler;
    }

    static LogRedirect to(Handler handler) {
        LogRedirect r = new LogRedirect(handler);
        for (Handler h : r.root.getHandlers()) {
            if (h instanceof ConsoleHandler) {
                handler.setLevel(h.getLevel());
                r.replaced.add(h);
            }
        }
        r.root.addHandler(handler);
        r.replaced.forEach(r.root::removeHandler);
        return r;
    }

    void restore() {
        replaced.forEach(root::addHandler);
        root.removeHandler(handler);
    }
}
