package org.robocell.driver.franka.shell.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class ValuesTest {

    @Test
    void numbersAreReadAsYamlWritesThem() {
        assertArrayEquals(new double[] { 0.35, -0.6, 1e-3, 3000, 0.5, 2 },
                Values.parse(List.of("0.35", "-0.6", "1e-3", "3000", ".5", "+2"), i -> "v" + i));
    }

    @ParameterizedTest
    @ValueSource(strings = { "NaN", ".nan", "Infinity", "-Infinity", ".inf", "0x1p3", "1d", "1f", "abc", "", "1,5" })
    void anythingElseIsOneLineNamingTheValueAndItsField(String word) {
        FrankaShellException e = assertThrows(FrankaShellException.class,
                () -> Values.parse(List.of("1", word), i -> i == 0 ? "K_theta[0]" : "K_theta[1]"));
        assertEquals("value 2 (K_theta[1]) is '" + word + "', not a number", e.getMessage());
    }

    @Test
    void aNumberBeyondAnyDoubleIsRefusedToo() {
        FrankaShellException e = assertThrows(FrankaShellException.class,
                () -> Values.parse(List.of("1e999"), i -> "m_load"));
        assertEquals("value 1 (m_load) is '1e999', beyond any finite number", e.getMessage());
    }
}
