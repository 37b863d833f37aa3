/**
 * iiQKA ExternalAPI.Control on the wire: the control modes, the observer events, the QoS profile and its limits, and
 * an allocation-free reader of motion states and writer of control signals (checked byte for byte against
 * protobuf-java in the tests).
 */
@Export
@Version("1.2.0")
package org.robocell.driver.kuka.eac.protocol;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
