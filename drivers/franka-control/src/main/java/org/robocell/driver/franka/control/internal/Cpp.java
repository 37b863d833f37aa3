package org.robocell.driver.franka.control.internal;

/**
 * {@code std::min} and {@code std::max} as libfranka calls them: {@code min(a, b) = b < a ? b : a}. They differ from
 * {@link Math#min} only when an argument is NaN (C++ then returns {@code a} or {@code b} by position, Java always
 * NaN); keeping C++'s rule makes a NaN travel through the limiter as it does in libfranka.
 */
public final class Cpp {

    private Cpp() {
    }

    public static double min(double a, double b) {
        return b < a ? b : a;
    }

    public static double max(double a, double b) {
        return a < b ? b : a;
    }
}
