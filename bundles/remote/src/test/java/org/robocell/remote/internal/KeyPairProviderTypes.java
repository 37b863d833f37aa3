package org.robocell.remote.internal;

/** The OpenSSH key types users put in authorized_keys, and a key size for each. */
final class KeyPairProviderTypes {

    static final String ED25519 = "ssh-ed25519";
    static final String ECDSA = "ecdsa-sha2-nistp256";
    static final String RSA = "ssh-rsa";

    private KeyPairProviderTypes() {
    }

    static int bits(String type) {
        return RSA.equals(type) ? 2048 : 256;
    }
}
