// Orocos KDL side of the RoboCell KDL comparison (benchmarks/kdl.sh).
//
// Reads the chain file KdlComparison wrote from the URDF (one "segment" line per URDF joint, then gravity and the
// joint vectors), builds the KDL::Chain from it the way kdl_parser does (joint at the origin with the axis rotated
// into the parent frame, the child link's inertia about its link origin), prints the results the Java side checks
// (tip pose, RNEA torques, mass matrix, forward-dynamics accelerations), then the median time of one call of each
// operation: 3 warm-up and 5 measured iterations of about 1 s each, as the JMH runs.
//
//   kdl_timing CHAIN_FILE
#include <kdl/chain.hpp>
#include <kdl/chaindynparam.hpp>
#include <kdl/chainfdsolver_recursive_newton_euler.hpp>
#include <kdl/chainfksolverpos_recursive.hpp>
#include <kdl/chainidsolver_recursive_newton_euler.hpp>
#include <kdl/chainjnttojacsolver.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

struct Input {
    KDL::Chain chain;
    KDL::Vector gravity;
    std::vector<double> q, dq, ddq;
};

std::vector<double> numbers(std::istringstream& in, std::size_t count, const std::string& what, int line) {
    std::vector<double> out(count);
    for (std::size_t i = 0; i < count; i++) {
        if (!(in >> out[i])) {
            throw std::runtime_error("chain file line " + std::to_string(line) + ": " + what + " needs " +
                                     std::to_string(count) + " numbers");
        }
    }
    return out;
}

std::vector<double> rest(std::istringstream& in) {
    std::vector<double> out;
    double v;
    while (in >> v) {
        out.push_back(v);
    }
    return out;
}

// URDF pose: rotation Rz(yaw) Ry(pitch) Rx(roll), which is KDL's Rotation::RPY
KDL::Frame pose(const std::vector<double>& p, std::size_t at) {
    return KDL::Frame(KDL::Rotation::RPY(p[at + 3], p[at + 4], p[at + 5]), KDL::Vector(p[at], p[at + 1], p[at + 2]));
}

KDL::Segment segment(std::istringstream& in, int line) {
    std::string link, joint, type;
    if (!(in >> link >> joint >> type)) {
        throw std::runtime_error("chain file line " + std::to_string(line) + ": segment needs link, joint and type");
    }
    // origin (6), axis (3), mass (1), inertial origin (6), inertia (6)
    std::vector<double> v = numbers(in, 22, "segment", line);
    KDL::Frame origin = pose(v, 0);
    KDL::Vector axis(v[6], v[7], v[8]);
    double mass = v[9];
    KDL::Frame inertialFrame = pose(v, 10);
    KDL::RotationalInertia aboutCog(v[16], v[19], v[21], v[17], v[18], v[20]);
    // inertia about the centre of mass in the inertial frame, then expressed about the link origin
    KDL::RigidBodyInertia inertia = inertialFrame * KDL::RigidBodyInertia(mass, KDL::Vector::Zero(), aboutCog);
    KDL::Joint kdlJoint(joint, KDL::Joint::Fixed);
    if (type == "revolute") {
        kdlJoint = KDL::Joint(joint, origin.p, origin.M * axis, KDL::Joint::RotAxis);
    } else if (type == "prismatic") {
        kdlJoint = KDL::Joint(joint, origin.p, origin.M * axis, KDL::Joint::TransAxis);
    } else if (type != "fixed") {
        throw std::runtime_error("chain file line " + std::to_string(line) + ": unknown joint type '" + type + "'");
    }
    return KDL::Segment(link, kdlJoint, origin, inertia);
}

Input read(const char* path) {
    std::ifstream file(path);
    if (!file) {
        throw std::runtime_error(std::string("cannot read the chain file ") + path);
    }
    Input input;
    std::string text;
    int line = 0;
    while (std::getline(file, text)) {
        line++;
        std::istringstream in(text);
        std::string key;
        if (!(in >> key) || key[0] == '#') {
            continue;
        }
        if (key == "segment") {
            input.chain.addSegment(segment(in, line));
        } else if (key == "gravity") {
            std::vector<double> g = numbers(in, 3, "gravity", line);
            input.gravity = KDL::Vector(g[0], g[1], g[2]);
        } else if (key == "q") {
            input.q = rest(in);
        } else if (key == "dq") {
            input.dq = rest(in);
        } else if (key == "ddq") {
            input.ddq = rest(in);
        } else {
            throw std::runtime_error("chain file line " + std::to_string(line) + ": unknown key '" + key + "'");
        }
    }
    std::size_t n = input.chain.getNrOfJoints();
    if (n == 0 || input.q.size() != n || input.dq.size() != n || input.ddq.size() != n) {
        throw std::runtime_error(std::string(path) + ": q, dq and ddq need one entry per chain joint (" +
                                 std::to_string(n) + ")");
    }
    return input;
}

KDL::JntArray array(const std::vector<double>& v) {
    KDL::JntArray a(v.size());
    for (std::size_t i = 0; i < v.size(); i++) {
        a(i) = v[i];
    }
    return a;
}

void print(const char* key, const KDL::JntArray& a) {
    std::printf("%s", key);
    for (unsigned i = 0; i < a.rows(); i++) {
        std::printf(" %.17g", a(i));
    }
    std::printf("\n");
}

// median ns per call over 5 iterations of about 1 s, after 3 warm-up iterations
template <typename Op>
double medianNanos(Op op) {
    using Clock = std::chrono::steady_clock;
    std::vector<double> perCall;
    for (int iteration = 0; iteration < 8; iteration++) {
        Clock::time_point start = Clock::now(), deadline = start + std::chrono::seconds(1), now;
        long calls = 0;
        do {
            for (int k = 0; k < 256; k++) {
                op();
            }
            calls += 256;
            now = Clock::now();
        } while (now < deadline);
        if (iteration >= 3) {
            perCall.push_back(std::chrono::duration<double, std::nano>(now - start).count() / calls);
        }
    }
    std::sort(perCall.begin(), perCall.end());
    return perCall[perCall.size() / 2];
}

void check(int status, const char* what) {
    if (status < 0) {
        throw std::runtime_error(std::string(what) + " failed with KDL error " + std::to_string(status));
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: kdl_timing CHAIN_FILE\n");
        return 2;
    }
    try {
        Input input = read(argv[1]);
        const KDL::Chain& chain = input.chain;
        unsigned n = chain.getNrOfJoints();
        KDL::JntArray q = array(input.q), dq = array(input.dq), ddq = array(input.ddq), tau(n), acceleration(n);
        KDL::Wrenches noWrenches(chain.getNrOfSegments(), KDL::Wrench::Zero());
        KDL::Frame tip;
        KDL::Jacobian jacobian(n);
        KDL::JntSpaceInertiaMatrix mass(n);

        KDL::ChainFkSolverPos_recursive fk(chain);
        KDL::ChainJntToJacSolver jac(chain);
        KDL::ChainIdSolver_RNE rnea(chain, input.gravity);
        KDL::ChainDynParam dynamics(chain, input.gravity);
        KDL::ChainFdSolver_RNE fd(chain, input.gravity);

        // the values the Java side compares with its own
        check(fk.JntToCart(q, tip), "JntToCart");
        std::printf("pose");
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                std::printf(" %.17g", tip.M(r, c));
            }
        }
        std::printf(" %.17g %.17g %.17g\n", tip.p.x(), tip.p.y(), tip.p.z());
        check(rnea.CartToJnt(q, dq, ddq, noWrenches, tau), "ChainIdSolver_RNE");
        print("tau", tau);
        check(dynamics.JntToMass(q, mass), "JntToMass");
        std::printf("mass");
        for (unsigned r = 0; r < n; r++) {
            for (unsigned c = 0; c < n; c++) {
                std::printf(" %.17g", mass(r, c));
            }
        }
        std::printf("\n");
        check(fd.CartToJnt(q, dq, tau, noWrenches, acceleration), "ChainFdSolver_RNE");
        print("ddq", acceleration);
        std::fflush(stdout);

        std::printf("time fk %.1f\n", medianNanos([&] { fk.JntToCart(q, tip); }));
        std::fflush(stdout);
        std::printf("time jacobian %.1f\n", medianNanos([&] { jac.JntToJac(q, jacobian); }));
        std::fflush(stdout);
        std::printf("time fk_jacobian %.1f\n", medianNanos([&] {
                        fk.JntToCart(q, tip);
                        jac.JntToJac(q, jacobian);
                    }));
        std::fflush(stdout);
        std::printf("time rnea %.1f\n", medianNanos([&] { rnea.CartToJnt(q, dq, ddq, noWrenches, tau); }));
        std::fflush(stdout);
        std::printf("time mass %.1f\n", medianNanos([&] { dynamics.JntToMass(q, mass); }));
        std::fflush(stdout);
        std::printf("time fd %.1f\n", medianNanos([&] { fd.CartToJnt(q, dq, tau, noWrenches, acceleration); }));
        std::fflush(stdout);
        // skip the destructors: ChainFdSolver_RNE's inline destructor, compiled here with other Eigen alignment
        // settings than Debian's library, frees with the wrong allocator and crashes at exit
        std::_Exit(0);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "kdl_timing: %s\n", e.what());
        return 1;
    }
}
