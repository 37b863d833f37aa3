// The single-page console: one page at a time (#/cell, #/controllers, #/hardware, #/plots, #/robot); each page
// returns a stop function that closes its timers and streams when another page opens.
import './style.css';
import { cellPage } from './cell.js';
import { controllersPage } from './controllers.js';
import { hardwarePage } from './hardware.js';
import { plotsPage } from './plots.js';
import { robotPage } from './robot3d.js';
import { message } from './api.js';

const pages = { cell: cellPage, controllers: controllersPage, hardware: hardwarePage, plots: plotsPage, robot: robotPage };
let stop = null;

function route() {
  const name = (location.hash.replace(/^#\//, '').split('?')[0]) || 'cell';
  const page = pages[name] || cellPage;
  if (stop) stop();
  message(''); // an answer belongs to the page that asked
  const root = document.getElementById('page');
  root.replaceChildren();
  root.dataset.page = name;
  document.querySelectorAll('nav a').forEach((a) => a.classList.toggle('active', a.dataset.page === name));
  stop = page(root) || null;
}

window.addEventListener('hashchange', route);
route();
