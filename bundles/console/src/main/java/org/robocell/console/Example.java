package org.robocell.console;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An example of a shell command, on the command's method beside its {@code @Descriptor}: {@code help COMMAND} prints
 * it under the usage and the options. Read at run time by its name, so a command bundle of an integrator's may
 * declare it too.
 *
 * @since 1.2
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Example {

    /** A command line as a user types it. */
    String value();
}
