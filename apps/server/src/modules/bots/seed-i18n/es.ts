import type { SeedTexts } from './types.js';

/** The seed catalogue in Spanish (docs/i18n.md, Data the platform owns). */
export const es: SeedTexts = {
  categories: {
    writing: 'Escritura',
    study: 'Estudio',
    work: 'Trabajo',
    life: 'Vida',
    fun: 'Ocio',
    coding: 'Código',
    emotion: 'Emociones',
  },
  bots: {
    assistant: {
      intro:
        'Un asistente para preguntar lo que sea: dudas, redacción y correcciones, ideas y planes. Breve, fiable y siempre a mano.',
      greeting:
        '¡Hola, soy {{assistant_name}}! Si quieres preguntar algo, escribir algo o necesitas una idea, dímelo sin más.',
      questions: [
        'Escríbeme una felicitación de cumpleaños',
        '¿Qué ceno esta noche?',
        '¿Cómo me concentro mejor al estudiar?',
      ],
      tags: ['General', 'Preguntas', 'Productividad'],
    },
    'xiaohongshu-writer': {
      name: 'Redactor de reseñas',
      intro:
        'Convierte tu producto, un local que visitaste o tu día en una publicación con gancho: títulos llamativos, párrafos cortos, emojis y hashtags, todo a la vez.',
      greeting:
        '¡Hola! Soy tu compañero de publicaciones. Dime qué quieres recomendar y escribiré algo que den ganas de guardar y dar me gusta ✨',
      questions: [
        'Escribe una reseña de una cafetería',
        'Un título con gancho para un protector solar barato',
        'Convierte mi diario de viaje en una reseña',
      ],
      tags: ['Recomendaciones', 'Títulos con gancho', 'Redes sociales'],
    },
    'official-doc-writer': {
      name: 'Asistente de documentos oficiales',
      intro:
        'Conoce el formato y el tono de avisos, solicitudes, informes, cartas y actas; los redacta, reescribe y revisa con corrección y buen estilo.',
      greeting:
        'Hola, soy tu asistente de documentos oficiales. Dime qué tipo de documento necesitas y de qué trata, y te prepararé un borrador en la forma y el tono adecuados.',
      questions: [
        'Redacta un aviso de calendario de vacaciones',
        'Escribe una solicitud de fondos',
        'Haz este párrafo más formal',
      ],
      tags: ['Documentos oficiales', 'Avisos', 'Formato'],
    },
    'story-writer': {
      name: 'Compañero de historias',
      intro:
        'Crea contigo mundos, personajes y tramas; continúa o amplía tu texto, o convierte una idea en un relato: misterio, fantasía, romance o ciencia ficción.',
      greeting:
        '¡Hola, narrador! Dame una idea, un personaje o una escena, y tejamos un mundo a partir de ahí.',
      questions: [
        'Escribe un relato sobre viajes en el tiempo',
        'Ayúdame a crear un villano inolvidable',
        'Continúa: Aquel día llovía muchísimo…',
      ],
      tags: ['Ficción', 'Historias', 'Escritura creativa'],
    },
    'copy-polisher': {
      name: 'Pulidor de textos',
      intro:
        'Corrige erratas y frases torpes y ajusta el tono y el ritmo, para que tus artículos, discursos y publicaciones se lean con más fluidez y gracia.',
      greeting:
        'Hola, pásame el texto que quieras pulir. Dime el estilo que buscas (formal, conciso o más literario) y lo mejoraré.',
      questions: [
        'Revisa si este párrafo tiene errores',
        'Haz este texto más conciso',
        'Dale un toque más literario a esta publicación',
      ],
      tags: ['Pulido', 'Reescritura', 'Corrección'],
    },
    'poetry-tutor': {
      name: 'Profesor de poesía clásica',
      intro:
        'Explica las palabras, el contexto y el ambiente de los poemas chinos, lee contigo los clásicos, enseña la métrica y juega a cadenas de versos: la poesía no es solo memorizar.',
      greeting:
        'Hola, bienvenido al mundo de la poesía. Dime qué poema quieres comentar, qué poeta conocer, o empecemos una partida de cadena de versos.',
      questions: [
        'Comenta «Noche de luna y flores en el río primaveral»',
        'Juguemos a la cadena de versos con 月. Empiezas tú',
        '¿Cómo sé si un poema es de verso regulado?',
      ],
      tags: ['Poesía clásica', 'Clásicos chinos', 'Comentario'],
    },
    'english-speaking': {
      name: 'Práctica de inglés oral',
      intro:
        'Practica inglés hablado cuando quieras: charla, viajes, entrevistas de trabajo y situaciones de negocios. Corrige tu gramática y vocabulario mientras hablas.',
      greeting:
        '¡Hola! Soy tu compañero de inglés oral. Dime cualquier frase en inglés, como How was your day?, ¡y empezamos a practicar ya!',
      questions: [
        'Simula una entrevista de trabajo en inglés',
        'Enséñame frases para pedir en un restaurante',
        'Hablemos de cine en inglés',
      ],
      tags: ['Inglés', 'Conversación', 'Juego de roles'],
    },
    'kaoyan-planner': {
      name: 'Planificador de posgrado',
      intro:
        'Según tu carrera, tu nivel y tu tiempo libre, te ayuda a elegir universidad, arma un plan de estudio por etapas y lo ajusta mientras preparas el examen de posgrado de China.',
      greeting:
        'Hola, te acompaño en el camino al examen de posgrado. Cuéntame tu carrera, tu meta y cómo vas, y planifiquemos juntos esta carrera de fondo.',
      questions: [
        'Hazme un plan de estudio de seis meses',
        '¿Qué tener en cuenta al cambiar de carrera?',
        '¿Máster académico o profesional?',
      ],
      tags: ['Examen de posgrado', 'Plan de estudio', 'Elegir universidad'],
    },
    'math-tutor': {
      name: 'Profesor de matemáticas',
      intro:
        'De problemas de olimpiada escolar a matemáticas universitarias, explica el razonamiento paso a paso: no solo la respuesta, sino cómo resolver el siguiente.',
      greeting:
        '¡Hola! Envíame el problema y lo desmontamos paso a paso. Si prefieres intentarlo antes, puedo darte solo una pista.',
      questions: [
        '¿Qué significa geométricamente la derivada?',
        'Formas de resolver el problema de gallinas y conejos',
        'Explícame el rango de una matriz',
      ],
      tags: ['Matemáticas', 'Resolución de problemas', 'Aprendizaje guiado'],
    },
    'weekly-report': {
      name: 'Asistente de informes',
      intro:
        'Convierte notas de trabajo sueltas en informes semanales y mensuales y evaluaciones claras, con lo importante a la vista.',
      greeting:
        '¡Hola! Mándame lo que hiciste esta semana, aunque sean unas palabras clave, y lo convertiré en un informe digno de presentar.',
      questions: [
        'Convierte estas notas en un informe semanal',
        'Escribe mi evaluación de fin de año',
        '¿Cómo mostrar el valor de mi trabajo?',
      ],
      tags: ['Informe semanal', 'Resumen de trabajo', 'Informes'],
    },
    'resume-coach': {
      name: 'Coach de currículum',
      intro:
        'Revisa tu currículum según el puesto que buscas, reescribe tu experiencia con el método STAR y destaca logros y palabras clave para superar los filtros.',
      greeting:
        'Hola, soy tu coach de currículum. Envíame tu currículum y el puesto al que aspiras; encontraré los fallos y haré que los reclutadores se fijen en ti.',
      questions: [
        'Revisa mi currículum',
        'Sin prácticas todavía: ¿qué escribo?',
        '¿Qué destacar al cambiar de sector?',
      ],
      tags: ['Currículum', 'Búsqueda de empleo', 'Recién titulados'],
    },
    'mock-interviewer': {
      name: 'Entrevistador simulado',
      intro:
        'Entrevistas simuladas cara a cara para el puesto que quieres: repreguntas, comentarios al momento y, al final, una nota global con consejos.',
      greeting:
        'Hola, bienvenido a tu entrevista simulada. Dime el puesto al que aspiras y tus años de experiencia; cuando estés listo, empezamos.',
      questions: [
        'Entrevista para jefe de producto',
        'Entrevista técnica de desarrollo backend',
        'Practicar «Háblame de ti»',
      ],
      tags: ['Entrevistas', 'Práctica', 'Búsqueda de empleo'],
    },
    'excel-sql-helper': {
      name: 'Asistente de hojas y SQL',
      intro:
        'Describe tus datos y lo que necesitas: escribe fórmulas de Excel o WPS, pasos de tablas dinámicas y consultas SQL, y explica cada paso.',
      greeting:
        '¡Hola! Cuéntame cómo es tu hoja y qué resultado quieres; escribiré la fórmula o el SQL y te explicaré por qué funciona.',
      questions: [
        '¿Fórmula para cruzar dos hojas por número de empleado?',
        'SQL: las tres mayores ventas de cada mes',
        '¿Variación mensual en una tabla dinámica?',
      ],
      tags: ['Fórmulas', 'Consultas', 'Análisis de datos'],
    },
    'travel-planner': {
      name: 'Planificador de viajes',
      intro:
        'Dime destino, días y presupuesto: un itinerario día a día a tu medida, con transporte, lugares, comida, dónde alojarte y qué evitar.',
      greeting:
        '¡Hola, viajero! ¿Adónde, cuántos días y con qué presupuesto? Cuéntamelo y te organizo un viaje sin sorpresas.',
      questions: [
        'Planea tres días en Chengdu',
        'Un viaje a Yunnan con mis padres',
        '¿Sitios bonitos y tranquilos para el puente de mayo?',
      ],
      tags: ['Viajes', 'Guías', 'Itinerarios'],
    },
    'recipe-chef': {
      name: 'Chef de cocina casera',
      intro:
        'Cocina con lo que tengas en la nevera: platos según tus ingredientes, con pasos detallados y trucos de fuego y sazón, para que hasta un principiante lo borde.',
      greeting:
        '¡Hola! ¿Qué te apetece hoy? Dime qué hay en tu nevera y te ayudo a convertirlo en una buena comida.',
      questions: [
        'Huevos, tomates y patatas: ¿qué preparo?',
        '¿Cómo hacer cerdo estofado jugoso y sin grasa?',
        'Platos rápidos de quince minutos',
      ],
      tags: ['Comida', 'Recetas', 'Cocina casera'],
    },
    'fitness-coach': {
      name: 'Entrenador personal',
      intro:
        'Un plan de entrenamiento progresivo según tu meta, tu nivel y tu equipo, con la técnica de cada ejercicio y consejos sencillos de alimentación.',
      greeting:
        '¡Hola, bienvenido a tu plan de entrenamiento! Cuéntame tu objetivo y tu punto de partida, y te preparo un plan seguro y eficaz.',
      questions: [
        'Un plan para perder grasa en casa',
        'Nuevo en el gimnasio: ¿qué entreno primero?',
        'Me duelen las rodillas al hacer sentadillas',
      ],
      tags: ['Fitness', 'Grasa y músculo', 'Planes de entrenamiento'],
    },
    'game-master': {
      name: 'Director de juego',
      intro:
        'Tu propio director de juego para aventuras de texto de misterio, fantasía o artes marciales. Cada decisión tuya cambia el rumbo de la historia.',
      greeting:
        'Bienvenido al umbral de la historia, aventurero. Elige un género o deja que empiece un viaje al azar: los dados del destino están listos.',
      questions: [
        'Un misterio en una vieja mansión',
        'Una aventura de fantasía: yo soy el mago',
        'Dame tres comienzos para elegir',
      ],
      tags: ['Rol de mesa', 'Misterio', 'Ficción interactiva'],
    },
    'idiom-chain': {
      name: 'Cadena de modismos',
      intro:
        'Juega contigo a cadenas de modismos chinos, adivinanzas de modismos y juegos de palabras. ¿Te atascas? Pistas y significados para aprender jugando.',
      greeting:
        '¡Juguemos a la cadena de modismos! Empiezo yo: 一马当先 (ir en cabeza). Ahora dime un modismo que empiece por 先~',
      questions: ['Sigo yo: 先发制人', 'Mejor adivinemos modismos', '¿De dónde viene 画蛇添足?'],
      tags: ['Modismos', 'Cadena de palabras', 'Juegos de palabras'],
    },
    'tarot-fun': {
      name: 'Rincón del tarot',
      intro:
        'Charla sobre lo que te preocupa con cartas del tarot y signos del zodiaco. Las lecturas son solo un juego: sobre todo otra forma de mirarte.',
      greeting:
        'Bienvenido al Rincón de las Estrellas 🔮 ¿Sacamos una carta o hablamos de signos? Eso sí, aquí las lecturas son un juego; la respuesta real está en ti.',
      questions: [
        'Saca mi carta de tarot de hoy',
        'Una tirada de tres cartas sobre mi vida amorosa',
        '¿Cómo son los Escorpio?',
      ],
      tags: ['Tarot', 'Zodiaco', 'Solo por diversión'],
    },
    'python-mentor': {
      name: 'Mentor de Python',
      intro:
        'De tu primera línea al web scraping, el análisis de datos y los scripts de automatización: explicaciones sencillas y ejemplos que funcionan para aprender Python.',
      greeting:
        '¡Hola! Soy tu mentor de Python. Ya sea tu primer print o una pequeña herramienta de automatización, puedes empezar aquí.',
      questions: [
        '¿Cómo empiezo con Python desde cero?',
        '¿Qué diferencia hay entre listas y tuplas?',
        'Renombrar archivos en lote con Python',
      ],
      tags: ['Aprender a programar', 'Automatización', 'Procesar datos'],
    },
    'code-reviewer': {
      name: 'Revisor de código',
      intro:
        'Pega tu código: errores, riesgos de seguridad, problemas de rendimiento y legibilidad, por orden de gravedad, con cambios listos para usar.',
      greeting:
        'Hola, pega el código que quieras revisar, mejor con su lenguaje y su propósito. Lo revisaré en busca de errores, seguridad y legibilidad.',
      questions: [
        'Revisa este código',
        '¿Cómo más se puede refactorizar esta función?',
        '¿Es insegura esta concatenación de SQL?',
      ],
      tags: ['Revisión de código', 'Refactorización', 'Buenas prácticas'],
    },
    'frontend-engineer': {
      name: 'Ingeniero front-end',
      intro:
        'Domina HTML, CSS, JavaScript / TypeScript y los frameworks principales: escribe componentes, arregla estilos y localiza problemas de compatibilidad y rendimiento.',
      greeting:
        '¡Hola! Soy tu compañero de front-end. Cómo escribir un componente, por qué se descuadra el diseño, por qué va lenta la página: pregunta sin miedo.',
      questions: [
        'Centra un modal con CSS',
        'Un buscador con debounce en React',
        '¿Vue o React para un proyecto nuevo?',
      ],
      tags: ['Front-end', 'Desarrollo web', 'Estilos y maquetación'],
    },
    'regex-helper': {
      name: 'Asistente de regex',
      intro:
        'Describe con palabras sencillas el texto que quieres encontrar: escribe la expresión regular, la explica por partes y añade casos de prueba.',
      greeting:
        '¡Hola! Dime qué texto quieres encontrar o extraer, mejor con algunos ejemplos, y te escribiré una regex fiable.',
      questions: [
        '¿Una regex para móviles chinos?',
        'Extrae todas las URL de un texto',
        'Explícame qué significa esta regex',
      ],
      tags: ['Regex', 'Búsqueda de texto', 'Herramientas de desarrollo'],
    },
    listener: {
      name: 'Escucha amable',
      intro:
        'Preocupaciones, dolor, ansiedad: puedes contármelo todo. Sin juzgar ni sermonear, te ayudo a ordenar lo que sientes y a respirar un poco.',
      greeting: 'Hola, aquí estoy. ¿Qué tal tu día? Cuéntame lo que quieras, con calma; te escucho.',
      questions: [
        'Últimamente estoy muy estresado, necesito hablar',
        'No duermo por las noches, no paro de pensar',
        'Me peleé con un amigo y me duele',
      ],
      tags: ['Desahogarse', 'Emociones', 'Compañía'],
    },
    'love-advisor': {
      name: 'Consejero amoroso',
      intro:
        '¿Cómo avanzar con quien te gusta, reconciliarte tras una pelea o decidir si seguir? Analiza la situación y a la otra persona, con consejos sinceros y con tacto.',
      greeting:
        'Hola, soy tu consejero amoroso. Cuéntame qué pasa: ¿flechazo, dudas o una pelea? Lo analizamos juntos.',
      questions: [
        'Quien me gusta tarda cada vez más en contestar',
        '¿Cómo hago las paces después de discutir?',
        '¿Cómo mantener una relación a distancia?',
      ],
      tags: ['Amor', 'Relaciones', 'Qué decir'],
    },
    'eq-communicator': {
      name: 'Asistente de comunicación',
      intro:
        '¿No sabes cómo responder, cómo decir que no o cómo hablar con tu familia? Lee entre líneas y te propone una respuesta con tacto.',
      greeting:
        '¡Hola! ¿No sabes cómo contestar ese mensaje o cómo sacar un tema? Cuéntamelo y encontraremos juntos las palabras adecuadas.',
      questions: [
        '¿Cómo rechazar con tacto lo que pide un compañero?',
        'Mis parientes preguntan mi sueldo: ¿qué digo?',
        '¿Cómo les digo a mis padres que quiero cambiar de trabajo?',
      ],
      tags: ['Relaciones', 'Comunicación', 'Respuestas'],
    },
  },
};
