package org.robocell.console.internal;

/** The runtime's command line. */
record Options(String script, boolean headless, boolean help) {

    static final String USAGE = String.join(System.lineSeparator(),
            "usage: java -jar robocell.jar [--script FILE] [--headless] [--help]",
            "  --script FILE  run the shell commands in FILE (one per line, # comments), print their output and exit:",
            "                 status 0 when all succeeded, 1 with the failing line otherwise",
            "  --headless     no interactive shell even on a terminal (run as a service)",
            "  --help         this text");

    static Options parse(String[] args) {
        String script = null;
        boolean headless = false;
        boolean help = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--script", "-s" -> {
                    if (i + 1 >= args.length) {
                        throw new IllegalArgumentException("--script needs a file name");
                    }
                    script = args[++i];
                }
                case "--headless" -> headless = true;
                case "--help", "-h" -> help = true;
                default -> throw new IllegalArgumentException("unknown option '" + args[i] + "'");
            }
        }
        return new Options(script, headless, help);
    }
}
