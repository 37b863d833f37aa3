package org.robocell.driver.franka.internal.model;

/**
 * The checks of the model's inputs: each refusal is one line naming the value (libfranka's name and index) and what
 * was expected. The message is built only when refusing, so a call with good values allocates nothing.
 */
final class ModelArguments {

    private ModelArguments() {
    }

    static void length(double[] a, int n, String name) {
        if (a == null || a.length != n) {
            throw new IllegalArgumentException(name + " has " + (a == null ? "no array" : a.length + " values")
                    + ", expected " + n);
        }
    }

    static void finite(double[] a, int n, String name) {
        length(a, n, name);
        for (int i = 0; i < n; i++) {
            if (!Double.isFinite(a[i])) {
                throw new IllegalArgumentException(name + "[" + i + "] = " + a[i] + ": expected a finite number");
            }
        }
    }

    static void mass(double m, String name) {
        if (!(m >= 0) || Double.isInfinite(m)) {
            throw new IllegalArgumentException(name + " = " + m + ": expected a finite mass >= 0 kg");
        }
    }

    static void load(double[] iTotal, double mTotal, double[] fXCtotal) {
        mass(mTotal, "m_total");
        finite(fXCtotal, 3, "F_x_Ctotal");
        finite(iTotal, 9, "I_total");
    }
}
