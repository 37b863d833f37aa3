package org.robocell.console.internal;

/**
 * The runtime's command line, for what the main thread does. The runtime answers {@code --help} and a wrong option
 * before any bundle starts (org.robocell.launch, which has the usage text); a framework launched without it gets
 * the short line here.
 */
record Options(String script, boolean headless, boolean help) {

    static final String USAGE = "usage: java -jar robocell.jar [--cell DIR] [--script FILE] [--headless] [--help]";

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
                case "--cell", "-c" -> {
                    if (i + 1 >= args.length) {
                        throw new IllegalArgumentException("--cell needs a folder (the cell's .cfg files)");
                    }
                    i++; // the cell bundle reads it (org.robocell.launch passes it on)
                }
                case "--headless" -> headless = true;
                case "--help", "-h" -> help = true;
                default -> throw new IllegalArgumentException("unknown option '" + args[i] + "'");
            }
        }
        return new Options(script, headless, help);
    }
}
