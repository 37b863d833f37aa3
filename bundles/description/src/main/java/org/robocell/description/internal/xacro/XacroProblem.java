package org.robocell.description.internal.xacro;

/**
 * A problem found while expanding xacro, before it is known where it was written: the expander turns it into a
 * {@link org.robocell.description.DescriptionException} at the element being expanded (file and line). The message
 * reads {@code what is wrong; expected what}.
 */
final class XacroProblem extends RuntimeException {

    private static final long serialVersionUID = 1L;

    XacroProblem(String problem) {
        super(problem, null, false, false);
    }
}
