package org.robocell.description.internal.xacro;

import org.robocell.description.internal.InputFiles;

/**
 * Bounds on one expansion, so that no file (a macro that calls itself, a macro doubling its output at each level,
 * properties that refer to each other, an include of itself) can hang the reader, exhaust memory or the stack: the
 * work done, the size of the expanded document, and how deep macros, includes and property references nest. Each
 * bound is far above what real descriptions need (the FR3 with its hand takes about 20 000 steps).
 */
final class ExpansionBudget {

    /** Expressions evaluated, elements expanded, macros called. */
    static final long MAX_STEPS = 2_000_000;
    /** Elements of the expanded document. */
    static final int MAX_ELEMENTS = 200_000;
    /** Characters of names, attributes and text of the expanded document: a URDF file's bound. */
    static final long MAX_CHARACTERS = InputFiles.MAX_URDF_BYTES;
    /** Macro calls inside macro calls; real xacro stops at Python's recursion limit not far above. */
    static final int MAX_MACRO_DEPTH = 100;
    /** Files including files. */
    static final int MAX_INCLUDE_DEPTH = 32;
    /** Properties whose values refer to other properties, resolved one inside the other. */
    static final int MAX_PROPERTY_DEPTH = 100;
    /** Files read (includes and YAML files), counting each file once. */
    static final int MAX_FILES = 1000;

    private long steps;
    private long elements;
    private long characters;

    void step() {
        if (++steps > MAX_STEPS) {
            throw new XacroProblem("the expansion takes more than " + MAX_STEPS + " steps (a macro that calls "
                    + "itself, or one whose output doubles at each level?); expected a description that expands in "
                    + "ordinary time");
        }
    }

    void element(String name) {
        if (++elements > MAX_ELEMENTS) {
            throw new XacroProblem("the expanded document has more than " + MAX_ELEMENTS + " elements; expected "
                    + "a description of ordinary size");
        }
        characters(name.length());
    }

    /** A block inserted again: its elements and characters. */
    void inserted(long elementCount, long characterCount) {
        elements += elementCount;
        if (elements > MAX_ELEMENTS) {
            throw new XacroProblem("the expanded document has more than " + MAX_ELEMENTS + " elements; expected "
                    + "a description of ordinary size");
        }
        characters(characterCount);
    }

    void characters(long count) {
        characters += count;
        if (characters > MAX_CHARACTERS) {
            throw new XacroProblem("the expanded document is larger than " + (MAX_CHARACTERS / (1024 * 1024))
                    + " MiB; expected a description of ordinary size");
        }
    }
}
