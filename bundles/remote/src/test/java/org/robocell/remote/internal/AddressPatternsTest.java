package org.robocell.remote.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** {@code from="..."} as sshd(8) matches it with UseDNS no: addresses, CIDR blocks, wildcards and negation. */
class AddressPatternsTest {

    private static boolean allows(String patterns, String address) throws Exception {
        return AddressPatterns.parse(patterns).allows(InetAddress.getByName(address));
    }

    @ParameterizedTest(name = "from=\"{0}\" lets {1} in: {2}")
    @CsvSource(delimiter = '|', value = {
            "10.0.0.7 | 10.0.0.7 | true",
            "10.0.0.7 | 10.0.0.8 | false",
            "10.0.0.0/8 | 10.200.1.2 | true",
            "10.0.0.0/8 | 11.0.0.1 | false",
            "192.168.1.0/24 | 192.168.1.255 | true",
            "192.168.1.0/24 | 192.168.2.1 | false",
            "0.0.0.0/0 | 8.8.8.8 | true",
            "192.168.1.* | 192.168.1.42 | true",
            "192.168.1.* | 192.168.10.1 | false",
            "10.0.0.? | 10.0.0.5 | true",
            "10.0.0.? | 10.0.0.50 | false",
            "* | 172.16.0.1 | true",
            "10.0.0.0/8,!10.0.0.66 | 10.0.0.65 | true",
            "10.0.0.0/8,!10.0.0.66 | 10.0.0.66 | false",
            "!10.0.0.66,10.0.0.0/8 | 10.0.0.66 | false",
            "*,!192.168.0.0/16 | 192.168.3.3 | false",
            "!10.0.0.66 | 10.0.0.1 | false",
            "::1 | ::1 | true",
            "::1 | 127.0.0.1 | false",
            "fe80::/10 | fe80::1:2 | true",
            "fe80::/10 | fec0::1 | false",
            "2001:db8::* | 2001:db8::17 | true",
            "10.0.0.1 | ::ffff:10.0.0.1 | true",
            "robot-pc,10.0.0.1 | 10.0.0.2 | false" })
    void matchesLikeSshd(String patterns, String address, boolean allowed) throws Exception {
        assertEquals(allowed, allows(patterns, address));
    }

    @ParameterizedTest(name = "from=\"{0}\" is refused")
    @ValueSource(strings = { "10.0.0.1/8", "10.0.0.0/33", "10.0.0.0/x", "10.0.0.1,,10.0.0.2", "!", "", "::1/129",
            "robot-pc/24" })
    void malformedPatternListsAreRefusedNamingThePattern(String patterns) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AddressPatterns.parse(patterns));
        assertFalse(e.getMessage().isBlank());
    }

    @Test
    void hostNamesAreNeverLookedUpAndAreReportedAsMatchingNothing() throws Exception {
        AddressPatterns p = AddressPatterns.parse("localhost,*.example.com,10.0.0.*");
        assertFalse(p.allows(InetAddress.getByName("127.0.0.1")));
        assertEquals(List.of("localhost", "*.example.com"), p.names());
        assertTrue(p.allows(InetAddress.getByName("10.0.0.3")));
    }

    @Test
    void ipv6AddressesAreMatchedInTheirShortForm() throws Exception {
        assertEquals("2001:db8::1", AddressPatterns.text(InetAddress.getByName("2001:0db8:0:0:0:0:0:1")));
        assertEquals("::1", AddressPatterns.text(InetAddress.getByName("::1")));
        assertEquals("1:0:2::", AddressPatterns.text(InetAddress.getByName("1:0:2:0:0:0:0:0")));
    }
}
