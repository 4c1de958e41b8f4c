// The models are their own module now (modules/models). This re-export keeps the reply and preview services'
// import working until the turn pipeline imports ModelsService from there; then it goes.
export { ModelsService, OFFLINE_MODEL_ID } from '../models/models.service.js';
