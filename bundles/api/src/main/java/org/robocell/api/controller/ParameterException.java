package org.robocell.api.controller;

/**
 * A parameter is missing or has the wrong type or value; the message names it and what was expected. Since 1.1 the
 * exception also carries the parameter's key and the reason as values, so that a {@link ParameterCheck} can report
 * them without reading the message.
 */
public class ParameterException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String key;
    private final ParameterCheck.Reason reason;
    private final String detail;

    /** A problem with no key named as a value (the message names it). */
    public ParameterException(String message) {
        this(null, ParameterCheck.Reason.INVALID, null, message);
    }

    /**
     * @param key    the offending parameter, or null when the problem is not one key's (e.g. two keys disagree)
     * @param detail what is wrong and what is expected, e.g. "parameter 'joints' must name at least one entry"
     * @since 1.1
     */
    public ParameterException(String key, String detail) {
        this(key, ParameterCheck.Reason.INVALID, null, detail);
    }

    /**
     * @param key    the offending parameter, or null
     * @param reason why it is refused
     * @param source where the parameters came from (prefixes the message), or null
     * @param detail what is wrong and what is expected, without the source
     * @since 1.1
     */
    public ParameterException(String key, ParameterCheck.Reason reason, String source, String detail) {
        super(source == null || source.isEmpty() ? detail : source + ": " + detail);
        this.key = key;
        this.reason = reason == null ? ParameterCheck.Reason.INVALID : reason;
        this.detail = detail;
    }

    /**
     * The offending parameter's key, or null when the problem is not one key's.
     *
     * @since 1.1
     */
    public String key() {
        return key;
    }

    /**
     * Why the parameter is refused.
     *
     * @since 1.1
     */
    public ParameterCheck.Reason reason() {
        return reason;
    }

    /**
     * The message without the source prefix: what is wrong and what is expected.
     *
     * @since 1.1
     */
    public String detail() {
        return detail;
    }
}
