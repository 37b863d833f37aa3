package org.robocell.deploy.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.osgi.framework.Bundle;
import org.osgi.framework.namespace.BundleNamespace;
import org.osgi.framework.namespace.IdentityNamespace;
import org.osgi.framework.namespace.PackageNamespace;
import org.osgi.framework.wiring.BundleRequirement;
import org.osgi.framework.wiring.BundleRevision;
import org.osgi.framework.wiring.FrameworkWiring;
import org.osgi.resource.Namespace;

/** The mandatory requirements of a bundle that nothing installed provides, in words ({@code package com.acme [1.0,2.0)}). */
final class MissingRequirements {

    private static final Pattern LOW = Pattern.compile("\\((?:bundle-)?version>=([^)]+)\\)");
    private static final Pattern HIGH_EXCLUSIVE = Pattern.compile("\\(!\\((?:bundle-)?version>=([^)]+)\\)\\)");
    private static final Pattern HIGH_INCLUSIVE = Pattern.compile("\\((?:bundle-)?version<=([^)]+)\\)");
    private static final Pattern LOW_EXCLUSIVE = Pattern.compile("\\(!\\((?:bundle-)?version<=([^)]+)\\)\\)");

    private MissingRequirements() {
    }

    static List<String> of(Bundle bundle, FrameworkWiring wiring) {
        List<String> missing = new ArrayList<>();
        BundleRevision revision = bundle.adapt(BundleRevision.class);
        if (revision == null) {
            return missing;
        }
        for (BundleRequirement r : revision.getDeclaredRequirements(null)) {
            Map<String, String> directives = r.getDirectives();
            if (Namespace.RESOLUTION_OPTIONAL.equals(directives.get(Namespace.REQUIREMENT_RESOLUTION_DIRECTIVE))
                    || !Namespace.EFFECTIVE_RESOLVE.equals(directives.getOrDefault(Namespace.REQUIREMENT_EFFECTIVE_DIRECTIVE,
                            Namespace.EFFECTIVE_RESOLVE))
                    || PackageNamespace.RESOLUTION_DYNAMIC.equals(directives.get(Namespace.REQUIREMENT_RESOLUTION_DIRECTIVE))) {
                continue;
            }
            if (wiring.findProviders(r).isEmpty()) {
                missing.add(describe(r.getNamespace(), directives.get(Namespace.REQUIREMENT_FILTER_DIRECTIVE)));
            }
        }
        return missing;
    }

    static String describe(String namespace, String filter) {
        String f = filter == null ? "" : filter;
        String what = switch (namespace) {
            case PackageNamespace.PACKAGE_NAMESPACE -> "package";
            case BundleNamespace.BUNDLE_NAMESPACE -> "bundle";
            case IdentityNamespace.IDENTITY_NAMESPACE -> "resource";
            default -> null;
        };
        Matcher name = Pattern.compile("\\(" + Pattern.quote(namespace) + "=([^)]+)\\)").matcher(f);
        if (what == null || !name.find()) {
            return namespace + " " + f;
        }
        return what + " " + name.group(1) + range(f);
    }

    private static String range(String filter) {
        String low = group(LOW, filter);
        String lowExclusive = group(LOW_EXCLUSIVE, filter);
        String high = group(HIGH_EXCLUSIVE, filter);
        String highInclusive = group(HIGH_INCLUSIVE, filter);
        if (low == null && lowExclusive == null && high == null && highInclusive == null) {
            return "";
        }
        if (high == null && highInclusive == null && low != null) {
            return " " + low + " or later";
        }
        String from = low != null ? "[" + low : lowExclusive != null ? "(" + lowExclusive : "[0.0.0";
        String to = high != null ? high + ")" : highInclusive != null ? highInclusive + "]" : "∞)";
        return " " + from + "," + to;
    }

    private static String group(Pattern p, String filter) {
        // the low bound must not be the inside of a negated high bound
        Matcher m = p.matcher(filter);
        while (m.find()) {
            if (p == LOW && m.start() > 1 && filter.startsWith("(!", m.start() - 2)) {
                continue;
            }
            if (p == HIGH_INCLUSIVE && m.start() > 1 && filter.startsWith("(!", m.start() - 2)) {
                continue;
            }
            return m.group(1);
        }
        return null;
    }
}
