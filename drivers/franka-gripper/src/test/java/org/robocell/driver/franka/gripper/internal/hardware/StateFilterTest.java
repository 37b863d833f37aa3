package org.robocell.driver.franka.gripper.internal.hardware;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

import org.junit.jupiter.api.Test;
import org.robocell.driver.franka.gripper.protocol.GripperState;

/** Only the Hand's own, newer states are taken. */
class StateFilterTest {

    private final InetAddress hand = InetAddress.getLoopbackAddress();
    private final StateFilter filter = new StateFilter(hand);

    @Test
    void theFirstStateFromTheHandsAddressFixesItsPortAndNewerOnesAreTaken() {
        assertEquals(StateVerdict.ACCEPTED, filter.judge(new InetSocketAddress(hand, 5000), state(10)));
        assertEquals(StateVerdict.ACCEPTED, filter.judge(new InetSocketAddress(hand, 5000), state(11)));
        assertEquals(StateVerdict.FOREIGN, filter.judge(new InetSocketAddress(hand, 5001), state(12)),
                "another port of the same host");
    }

    @Test
    void aStateFromAnotherHostIsForeignEvenBeforeTheFirst() throws UnknownHostException {
        InetAddress other = InetAddress.getByAddress(new byte[] { 10, 0, 0, 9 });
        assertEquals(StateVerdict.FOREIGN, filter.judge(new InetSocketAddress(other, 5000), state(1)));
        assertEquals(StateVerdict.ACCEPTED, filter.judge(new InetSocketAddress(hand, 5000), state(1)));
    }

    @Test
    void aRepeatedOrOlderStateIsStale() {
        filter.judge(new InetSocketAddress(hand, 5000), state(100));
        assertEquals(StateVerdict.STALE, filter.judge(new InetSocketAddress(hand, 5000), state(100)));
        assertEquals(StateVerdict.STALE, filter.judge(new InetSocketAddress(hand, 5000), state(99)));
        assertEquals(StateVerdict.ACCEPTED, filter.judge(new InetSocketAddress(hand, 5000), state(101)));
    }

    private static GripperState state(long id) {
        return new GripperState(id, 0.04, 0.08, false, 30);
    }
}
