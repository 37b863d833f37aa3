package org.robocell.remote.internal;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The pattern list of an authorized_keys {@code from="..."} option, matched as sshd(8) matches it with
 * {@code UseDNS no} (its default): each comma-separated pattern is an address, a CIDR block ({@code addr/masklen}),
 * or a wildcard pattern ({@code *}, {@code ?}) on the address's text; a leading {@code !} negates it. A client is
 * allowed when some pattern matches its address and no negated one does. Host names are never looked up: a name
 * pattern matches nothing (see {@link #names()}). Follows OpenSSH's match.c {@code match_host_and_ip} and
 * addrmatch.c {@code addr_match_list}.
 */
final class AddressPatterns {

    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Pattern IPV6 = Pattern.compile("(?=.*:)[0-9a-fA-F:][0-9a-fA-F:.]*");
    private static final Pattern ADDRESS_TEXT = Pattern.compile("[0-9a-fA-F:.*?]+");

    /** One pattern: a network (address and mask) or, when {@code network} is null, a wildcard pattern. */
    private record Entry(boolean negated, String text, byte[] network, int maskBits, Pattern wildcard) {
    }

    private final String source;
    private final List<Entry> entries;

    private AddressPatterns(String source, List<Entry> entries) {
        this.source = source;
        this.entries = entries;
    }

    /**
     * Parses a pattern list; an empty pattern, a bad mask length or a CIDR block with host bits set (sshd refuses
     * those too) is an {@link IllegalArgumentException} that names the pattern.
     */
    static AddressPatterns parse(String list) {
        List<Entry> entries = new ArrayList<>();
        for (String item : list.split(",", -1)) {
            String p = item.strip();
            boolean negated = p.startsWith("!");
            if (negated) {
                p = p.substring(1);
            }
            if (p.isEmpty()) {
                throw new IllegalArgumentException("empty pattern in \"" + list + "\"");
            }
            entries.add(entry(negated, p));
        }
        return new AddressPatterns(list, List.copyOf(entries));
    }

    private static Entry entry(boolean negated, String p) {
        int slash = p.indexOf('/');
        String address = slash < 0 ? p : p.substring(0, slash);
        byte[] network = literal(address);
        if (network == null) {
            if (slash >= 0) {
                throw new IllegalArgumentException("'" + p + "' is not an address/masklen block");
            }
            return new Entry(negated, p, null, 0, wildcard(p));
        }
        int bits = network.length * 8;
        if (slash >= 0) {
            try {
                bits = Integer.parseInt(p.substring(slash + 1));
            } catch (NumberFormatException e) {
                bits = -1;
            }
            if (bits < 0 || bits > network.length * 8) {
                throw new IllegalArgumentException("'" + p + "' has a mask length outside 0.." + network.length * 8);
            }
            if (!sameNetwork(network, masked(network, bits), network.length * 8)) {
                throw new IllegalArgumentException("'" + p + "' has address bits set beyond /" + bits);
            }
        }
        return new Entry(negated, p, network, bits, null);
    }

    /** Whether a client at this address may use the key. */
    boolean allows(InetAddress client) {
        byte[] address = normalized(client).getAddress();
        String text = text(client);
        boolean allowed = false;
        for (Entry e : entries) {
            boolean match = e.network() != null
                    ? address.length == e.network().length && sameNetwork(address, e.network(), e.maskBits())
                    : e.wildcard().matcher(text).matches();
            if (match && e.negated()) {
                return false;
            }
            allowed |= match;
        }
        return allowed;
    }

    /** Patterns that can only match a host name, which is never looked up: they match nothing. */
    List<String> names() {
        return entries.stream().map(Entry::text).filter(t -> !ADDRESS_TEXT.matcher(t).matches()).toList();
    }

    @Override
    public String toString() {
        return source;
    }

    /** An address literal, never a name lookup; null when the text is not one. */
    private static byte[] literal(String text) {
        if (IPV4.matcher(text).matches()) {
            byte[] b = new byte[4];
            String[] parts = text.split("\\.");
            for (int i = 0; i < 4; i++) {
                int v = Integer.parseInt(parts[i]);
                if (v > 255) {
                    return null;
                }
                b[i] = (byte) v;
            }
            return b;
        }
        if (IPV6.matcher(text).matches()) {
            try {
                return normalized(InetAddress.getByName(text)).getAddress(); // a literal with ':' is never looked up
            } catch (UnknownHostException e) {
                return null;
            }
        }
        return null;
    }

    private static Pattern wildcard(String glob) {
        StringBuilder regex = new StringBuilder();
        for (char c : glob.toLowerCase(Locale.ROOT).toCharArray()) {
            switch (c) {
                case '*' -> regex.append(".*");
                case '?' -> regex.append('.');
                default -> regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString());
    }

    private static byte[] masked(byte[] address, int bits) {
        byte[] m = address.clone();
        for (int i = 0; i < m.length; i++) {
            int keep = Math.max(0, Math.min(8, bits - i * 8));
            m[i] &= (byte) (0xff00 >> keep);
        }
        return m;
    }

    private static boolean sameNetwork(byte[] a, byte[] network, int bits) {
        return java.util.Arrays.equals(masked(a, bits), masked(network, bits));
    }

    /** IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) are matched as the IPv4 address, as sshd does. */
    private static InetAddress normalized(InetAddress a) {
        byte[] b = a.getAddress();
        if (a instanceof Inet6Address && b.length == 16) {
            boolean mapped = b[10] == (byte) 0xff && b[11] == (byte) 0xff;
            for (int i = 0; i < 10 && mapped; i++) {
                mapped = b[i] == 0;
            }
            if (mapped) {
                try {
                    return InetAddress.getByAddress(java.util.Arrays.copyOfRange(b, 12, 16));
                } catch (UnknownHostException impossible) {
                    throw new IllegalStateException(impossible);
                }
            }
        }
        return a;
    }

    /** The address as sshd prints it: dotted IPv4, or IPv6 with the longest run of zero groups as "::" (RFC 5952). */
    static String text(InetAddress client) {
        InetAddress a = normalized(client);
        if (a instanceof Inet4Address) {
            return a.getHostAddress();
        }
        byte[] b = a.getAddress();
        int[] groups = new int[8];
        for (int i = 0; i < 8; i++) {
            groups[i] = ((b[2 * i] & 0xff) << 8) | (b[2 * i + 1] & 0xff);
        }
        int bestStart = -1;
        int bestLength = 1;
        for (int i = 0; i < 8;) {
            int j = i;
            while (j < 8 && groups[j] == 0) {
                j++;
            }
            if (j - i > bestLength) {
                bestStart = i;
                bestLength = j - i;
            }
            i = j == i ? i + 1 : j;
        }
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                s.append("::");
                i += bestLength - 1;
                continue;
            }
            if (s.length() > 0 && s.charAt(s.length() - 1) != ':') {
                s.append(':');
            }
            s.append(Integer.toHexString(groups[i]));
        }
        return s.toString();
    }
}
