package org.robocell.state.internal;

/** Why a stored configuration file cannot be used; each reason reads as the end of "state/config/x.config: ...". */
enum Damage {
    EMPTY("empty file"),
    NO_HEADER("no RoboCell header line (not written by RoboCell, or its start is damaged)"),
    TRUNCATED("shorter than its header says (truncated)"),
    TRAILING_BYTES("longer than its header says"),
    CHECKSUM("its checksum does not match its content"),
    SYNTAX("not in ConfigAdmin's configuration format");

    private final String text;

    Damage(String text) {
        this.text = text;
    }

    String text() {
        return text;
    }
}
