package org.robocell.state.internal;

import java.io.IOException;

/** A stored configuration file that is not whole; {@link #damage()} says why. */
final class DamagedFile extends IOException {

    private static final long serialVersionUID = 1L;

    private final transient Damage damage;

    DamagedFile(Damage damage, String detail) {
        super(detail == null ? damage.text() : damage.text() + ": " + detail);
        this.damage = damage;
    }

    Damage damage() {
        return damage;
    }
}
