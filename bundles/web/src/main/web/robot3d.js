// The robot in 3D: the URDF the cell serves (links drawn as the cylinders and spheres of its <visual> primitives:
// the cell keeps kinematics, not meshes) loaded with urdf-loader into three.js, its joints set live from the joint
// state broadcaster's channel. window.robocell3d holds the joint values shown (what the browser test reads).
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import URDFLoader from 'urdf-loader';
import { getJson, getText, el, stream, message } from './api.js';

export function robotPage(root) {
  const pick = el('div', { class: 'robots' });
  const view = el('div', { id: 'view3d' });
  const info = el('p', { id: 'robot-info' });
  root.append(el('h2', {}, 'Robot'), pick, info, view);
  let alive = true;
  let cleanup = () => {};

  async function show(robot) {
    cleanup();
    view.replaceChildren();
    pick.querySelectorAll('button').forEach((b) => b.classList.toggle('active', b.dataset.robot === robot.name));
    const urdf = await getText(`api/robots/${encodeURIComponent(robot.name)}/urdf`);
    const scene = new THREE.Scene();
    scene.background = new THREE.Color(0x111827);
    const camera = new THREE.PerspectiveCamera(45, 1, 0.01, 100);
    camera.position.set(1.1, 0.9, 1.1);
    const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    const width = Math.max(400, root.clientWidth - 20);
    renderer.setSize(width, 480);
    camera.aspect = width / 480;
    camera.updateProjectionMatrix();
    view.append(renderer.domElement);
    scene.add(new THREE.HemisphereLight(0xffffff, 0x444444, 2.5));
    const sun = new THREE.DirectionalLight(0xffffff, 2);
    sun.position.set(2, 4, 3);
    scene.add(sun);
    scene.add(new THREE.GridHelper(2, 20, 0x4b5563, 0x374151));
    const controls = new OrbitControls(camera, renderer.domElement);
    controls.target.set(0, 0.4, 0);
    controls.update();

    const loader = new URDFLoader();
    const model = loader.parse(urdf);
    model.rotation.x = -Math.PI / 2; // URDF is z-up, three.js y-up
    const material = new THREE.MeshStandardMaterial({ color: 0xf59e0b, metalness: 0.2, roughness: 0.5 });
    model.traverse((o) => { if (o.isMesh) o.material = material; });
    scene.add(model);

    const joints = Object.values(model.joints).filter((j) => j.jointType !== 'fixed').map((j) => j.name);
    const state = { robot: robot.name, joints: Object.fromEntries(joints.map((j) => [j, null])), updates: 0 };
    window.robocell3d = state;
    let es = null;
    if (robot.jointStates) {
      es = stream(joints.map((j) => `${robot.jointStates}:${j}/position`), (t, v) => {
        if (t.length === 0) return;
        joints.forEach((j, k) => {
          const x = v[k][v[k].length - 1];
          if (x !== null) { model.setJointValue(j, x); state.joints[j] = x; }
        });
        state.updates++;
        info.textContent = `${robot.name}: ${joints.length} joints, `
          + joints.map((j) => `${j} ${state.joints[j] === null ? '-' : state.joints[j].toFixed(3)}`).join('  ');
      });
    } else {
      info.textContent = `${robot.name}: no joint state broadcaster runs; the model stands at zero`;
    }
    let frame = 0;
    const draw = () => { controls.update(); renderer.render(scene, camera); frame = requestAnimationFrame(draw); };
    draw();
    cleanup = () => { cancelAnimationFrame(frame); if (es) es.close(); controls.dispose(); renderer.dispose(); };
  }

  (async () => {
    const cell = await getJson('api/cell');
    if (!alive) return;
    const robots = cell.robots.filter((r) => r.model);
    pick.append(...robots.map((r) => el('button', { 'data-robot': r.name, on: { click: () => show(r).catch((e) => message(String(e), true)) } }, r.name)));
    const wanted = new URLSearchParams(location.hash.split('?')[1] || '').get('robot');
    const first = robots.find((r) => r.name === wanted) || robots[0];
    if (first) await show(first);
    else info.textContent = 'no robot with a model yet';
  })().catch((e) => message(String(e), true));

  return () => { alive = false; cleanup(); };
}
