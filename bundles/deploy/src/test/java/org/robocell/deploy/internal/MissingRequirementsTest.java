package org.robocell.deploy.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A requirement nothing provides, in the words of the line that reports it. */
class MissingRequirementsTest {

    @Test
    void requirementsReadAsPackagesAndRanges() {
        assertEquals("package com.nowhere [1.0.0,2.0.0)", MissingRequirements.describe("osgi.wiring.package",
                "(&(osgi.wiring.package=com.nowhere)(version>=1.0.0)(!(version>=2.0.0)))"));
        assertEquals("package com.nowhere", MissingRequirements.describe("osgi.wiring.package", "(osgi.wiring.package=com.nowhere)"));
        assertEquals("package org.x 1.2.0 or later", MissingRequirements.describe("osgi.wiring.package",
                "(&(osgi.wiring.package=org.x)(version>=1.2.0))"));
        assertEquals("bundle org.acme.base [1.0.0,1.0.0]", MissingRequirements.describe("osgi.wiring.bundle",
                "(&(osgi.wiring.bundle=org.acme.base)(bundle-version>=1.0.0)(bundle-version<=1.0.0))"));
        assertEquals("osgi.extender (&(osgi.extender=osgi.component)(version>=1.5.0))",
                MissingRequirements.describe("osgi.extender", "(&(osgi.extender=osgi.component)(version>=1.5.0))"));
    }
}
