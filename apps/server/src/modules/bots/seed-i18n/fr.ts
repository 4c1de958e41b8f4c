import type { SeedTexts } from './types.js';

/** The seed catalogue in French (docs/i18n.md, Data the platform owns). */
export const fr: SeedTexts = {
  categories: {
    writing: 'Écriture',
    study: 'Études',
    work: 'Travail',
    life: 'Quotidien',
    fun: 'Loisirs',
    coding: 'Code',
    emotion: 'Émotions',
  },
  bots: {
    assistant: {
      intro:
        'Un assistant à qui tout demander : réponses, rédaction et retouches, idées et plans. Concis, fiable et toujours là.',
      greeting:
        'Bonjour, je suis {{assistant_name}} ! Une question, un texte à écrire ou besoin d’une idée ? Dites-le-moi simplement.',
      questions: [
        'Écris-moi un message d’anniversaire',
        'Que manger ce soir ?',
        'Comment mieux me concentrer pour étudier ?',
      ],
      tags: ['Général', 'Questions', 'Efficacité'],
    },
    'xiaohongshu-writer': {
      name: 'Rédacteur de recommandations',
      intro:
        'Transforme votre produit, une adresse testée ou votre journée en publication accrocheuse : titres percutants, paragraphes courts, emojis et hashtags, tout d’un coup.',
      greeting:
        'Salut ! Je suis ton acolyte des publications. Dis-moi ce que tu veux recommander et j’écrirai un post qu’on aura envie d’aimer et d’enregistrer ✨',
      questions: [
        'Écris un post sur un café que j’ai testé',
        'Un titre accrocheur pour une crème solaire pas chère',
        'Transforme mon carnet de voyage en post',
      ],
      tags: ['Recommandations', 'Titres accrocheurs', 'Réseaux sociaux'],
    },
    'official-doc-writer': {
      name: 'Assistant de rédaction administrative',
      intro:
        'Connaît la forme et le ton des avis, demandes, rapports, courriers et comptes rendus ; les rédige, les reformule et les relit, dans les règles et avec justesse.',
      greeting:
        'Bonjour, je suis votre assistant de rédaction administrative. Indiquez-moi le type de document et son objet, et je vous en proposerai une version en bonne et due forme.',
      questions: [
        'Rédige un avis de calendrier des congés',
        'Écris une demande de financement',
        'Rends ce paragraphe plus formel',
      ],
      tags: ['Documents officiels', 'Avis', 'Mise en forme'],
    },
    'story-writer': {
      name: 'Partenaire d’écriture',
      intro:
        'Imagine avec vous univers, personnages et intrigues ; poursuit ou étoffe votre texte, ou tire une nouvelle d’une seule idée : polar, fantasy, romance ou SF.',
      greeting:
        'Bonjour, conteur ! Donne-moi une idée, un personnage ou une scène, et tissons un monde à partir de là.',
      questions: [
        'Écris une nouvelle sur le voyage dans le temps',
        'Aide-moi à créer un méchant inoubliable',
        'Continue : Ce jour-là, il pleuvait à verse…',
      ],
      tags: ['Fiction', 'Histoires', 'Écriture créative'],
    },
    'copy-polisher': {
      name: 'Correcteur de style',
      intro:
        'Corrige fautes et phrases bancales, ajuste le ton et le rythme, pour que vos articles, discours et publications se lisent mieux et avec plus de saveur.',
      greeting:
        'Bonjour, confiez-moi le texte à peaufiner. Dites-moi le style voulu (formel, concis ou plus littéraire) et je l’améliorerai.',
      questions: [
        'Vérifie les fautes de ce paragraphe',
        'Rends ce texte plus concis',
        'Donne une touche plus littéraire à ce post',
      ],
      tags: ['Style', 'Réécriture', 'Correction'],
    },
    'poetry-tutor': {
      name: 'Professeur de poésie classique',
      intro:
        'Explique les mots, le contexte et l’atmosphère des poèmes chinois, lit avec vous les grands textes, enseigne la métrique et joue aux chaînes de vers : la poésie, pas seulement par cœur.',
      greeting:
        'Bonjour et bienvenue dans le monde de la poésie. Dites-moi quel poème commenter, quel poète découvrir, ou lançons une partie de chaîne de vers.',
      questions: [
        'Commente « Nuit de lune et de fleurs sur le fleuve printanier »',
        'Jouons à la chaîne de vers avec 月. À toi',
        'Comment savoir si un poème est en vers réguliers ?',
      ],
      tags: ['Poésie classique', 'Classiques chinois', 'Commentaire'],
    },
    'english-speaking': {
      name: 'Partenaire d’anglais oral',
      intro:
        'Pratiquez l’anglais oral quand vous voulez : discussions, voyages, entretiens d’embauche, mises en situation professionnelles. Il corrige grammaire et vocabulaire au fil de la conversation.',
      greeting:
        'Salut ! Je suis ton partenaire d’anglais oral. Dis-moi n’importe quelle phrase en anglais, comme How was your day?, et on commence tout de suite !',
      questions: [
        'Simule un entretien d’embauche en anglais',
        'Apprends-moi à commander au restaurant',
        'Parlons de films en anglais',
      ],
      tags: ['Anglais', 'Expression orale', 'Jeu de rôle'],
    },
    'kaoyan-planner': {
      name: 'Coach concours de master',
      intro:
        'Selon votre filière, votre niveau et votre temps libre, aide à choisir les écoles, bâtit un plan de révision par étapes et l’ajuste tout au long de la préparation du concours de master chinois.',
      greeting:
        'Bonjour, je vous accompagne jusqu’au concours de master. Parlez-moi de votre filière, de votre objectif et de vos révisions, et planifions ensemble ce marathon.',
      questions: [
        'Fais-moi un plan de révision sur six mois',
        'Changer de filière : à quoi faire attention ?',
        'Master recherche ou professionnel ?',
      ],
      tags: ['Concours de master', 'Plan de révision', 'Choix des écoles'],
    },
    'math-tutor': {
      name: 'Professeur de maths',
      intro:
        'Des problèmes d’olympiades du primaire aux maths du supérieur, explique le raisonnement pas à pas : pas seulement la réponse, mais la méthode pour les suivants.',
      greeting:
        'Bonjour ! Envoie-moi l’énoncé et décortiquons-le pas à pas. Si tu veux d’abord essayer seul, je peux te donner juste un indice.',
      questions: [
        'Que signifie une dérivée géométriquement ?',
        'Les façons de résoudre le problème poules-lapins',
        'Explique-moi le rang d’une matrice',
      ],
      tags: ['Maths', 'Résolution de problèmes', 'Méthode guidée'],
    },
    'weekly-report': {
      name: 'Assistant de rapports',
      intro:
        'Transforme des notes de travail éparses en rapports hebdomadaires, mensuels et bilans clairs, qui mettent vos résultats en valeur.',
      greeting:
        'Bonjour ! Envoie-moi ce que tu as fait cette semaine, même quelques mots-clés, et j’en ferai un rapport présentable.',
      questions: [
        'Fais un rapport hebdo à partir de ces notes',
        'Rédige mon bilan de fin d’année',
        'Comment montrer la valeur de mon travail ?',
      ],
      tags: ['Rapport hebdo', 'Bilan de travail', 'Reporting'],
    },
    'resume-coach': {
      name: 'Coach CV',
      intro:
        'Analyse votre CV au regard du poste visé, réécrit vos expériences avec la méthode STAR et fait ressortir réussites et mots-clés pour passer les filtres.',
      greeting:
        'Bonjour, je suis votre coach CV. Envoyez-moi votre CV et le poste visé ; je repère les points faibles et j’en fais une version qui retient l’attention des recruteurs.',
      questions: [
        'Analyse mon CV',
        'Pas encore de stage : que mettre ?',
        'Que mettre en avant pour une reconversion ?',
      ],
      tags: ['CV', 'Recherche d’emploi', 'Jeunes diplômés'],
    },
    'mock-interviewer': {
      name: 'Recruteur d’entraînement',
      intro:
        'Entretiens d’entraînement en tête-à-tête pour le poste visé : relances question par question, retours immédiats, puis une note globale et des conseils.',
      greeting:
        'Bonjour et bienvenue à cet entretien d’entraînement. Indiquez le poste visé et vos années d’expérience ; quand vous êtes prêt, on commence.',
      questions: [
        'Entretien pour un poste de chef de produit',
        'Entretien technique développeur backend',
        'S’entraîner à « Présentez-vous »',
      ],
      tags: ['Entretiens', 'Entraînement', 'Recherche d’emploi'],
    },
    'excel-sql-helper': {
      name: 'Assistant tableur et SQL',
      intro:
        'Décrivez vos données et votre besoin : formules Excel ou WPS, étapes de tableau croisé dynamique et requêtes SQL, avec l’explication de chaque étape.',
      greeting:
        'Bonjour ! Décris ton tableau et le résultat voulu ; j’écris la formule ou le SQL et je t’explique pourquoi ça marche.',
      questions: [
        'Formule pour relier deux feuilles par matricule ?',
        'SQL : les trois meilleures ventes par mois',
        'Variation mensuelle dans un tableau croisé ?',
      ],
      tags: ['Formules', 'Requêtes', 'Analyse de données'],
    },
    'travel-planner': {
      name: 'Planificateur de voyage',
      intro:
        'Donnez la destination, la durée et le budget : un itinéraire jour par jour sur mesure, avec transports, visites, cuisine, quartiers où dormir et pièges à éviter.',
      greeting:
        'Salut, voyageur ! Où, combien de jours, quel budget ? Dis-le-moi et je t’organise un voyage sans mauvaises surprises.',
      questions: [
        'Organise trois jours à Chengdu',
        'Un voyage au Yunnan avec mes parents',
        'Des coins beaux et calmes pour le pont de mai ?',
      ],
      tags: ['Voyage', 'Guides', 'Itinéraires'],
    },
    'recipe-chef': {
      name: 'Chef cuisine maison',
      intro:
        'Cuisinez ce qu’il y a dans le frigo : des plats selon vos ingrédients, avec étapes détaillées, cuisson et assaisonnement, pour réussir même en débutant.',
      greeting:
        'Bonjour ! Qu’est-ce qui te ferait plaisir aujourd’hui ? Dis-moi ce qu’il y a dans ton frigo et je t’aide à en faire un bon repas.',
      questions: [
        'Œufs, tomates et pommes de terre : que cuisiner ?',
        'Un porc braisé fondant et pas gras ?',
        'Quelques plats express en quinze minutes',
      ],
      tags: ['Cuisine', 'Recettes', 'Plats maison'],
    },
    'fitness-coach': {
      name: 'Coach sportif',
      intro:
        'Un programme progressif selon votre objectif, votre niveau et votre matériel, avec la bonne exécution de chaque mouvement et des conseils alimentaires simples.',
      greeting:
        'Salut, bienvenue dans ton programme ! Dis-moi ton objectif et ton niveau actuel, et je te prépare un plan sûr et efficace.',
      questions: [
        'Un programme de perte de gras à la maison',
        'Débutant en salle : par quoi commencer ?',
        'J’ai mal aux genoux en squat',
      ],
      tags: ['Fitness', 'Perte de gras et muscle', 'Programmes'],
    },
    'game-master': {
      name: 'Maître du jeu',
      intro:
        'Votre maître du jeu pour des aventures textuelles : enquête, fantasy ou arts martiaux. Chacun de vos choix change le cours de l’histoire.',
      greeting:
        'Bienvenue au seuil de l’histoire, aventurier. Choisis un genre, ou laisse-moi lancer un voyage au hasard : les dés du destin sont prêts.',
      questions: [
        'Une enquête dans un vieux manoir',
        'Une aventure de fantasy : je suis le mage',
        'Propose-moi trois débuts au choix',
      ],
      tags: ['Jeu de rôle', 'Murder party', 'Fiction interactive'],
    },
    'idiom-chain': {
      name: 'Chaîne d’expressions',
      intro:
        'Joue avec vous aux chaînes d’expressions chinoises, aux devinettes et aux jeux de mots. Bloqué ? Indices et explications pour apprendre en jouant.',
      greeting:
        'Jouons à la chaîne d’expressions ! Je commence : 一马当先 (prendre la tête). À toi, une expression qui commence par 先~',
      questions: ['À moi : 先发制人', 'Et si on devinait des expressions ?', 'D’où vient 画蛇添足 ?'],
      tags: ['Expressions', 'Chaîne de mots', 'Jeux de mots'],
    },
    'tarot-fun': {
      name: 'Coin tarot et astro',
      intro:
        'Parlez de ce qui vous occupe à travers le tarot et les signes du zodiaque. Les tirages sont pour le plaisir : surtout un autre regard sur vous-même.',
      greeting:
        'Bienvenue au Coin des étoiles 🔮 On tire une carte ou on parle astro ? Précision : ici les tirages sont pour le plaisir ; la vraie réponse est en toi.',
      questions: [
        'Tire ma carte de tarot du jour',
        'Un tirage en trois cartes sur ma vie amoureuse',
        'Comment sont les Scorpions ?',
      ],
      tags: ['Tarot', 'Astrologie', 'Pour le plaisir'],
    },
    'python-mentor': {
      name: 'Mentor Python',
      intro:
        'De votre première ligne au scraping, à l’analyse de données et aux scripts d’automatisation : des explications simples et des exemples qui tournent pour apprendre Python.',
      greeting:
        'Bonjour ! Je suis ton mentor Python. Que ce soit ton premier print ou un petit outil d’automatisation, tu peux commencer ici.',
      questions: [
        'Comment débuter Python de zéro ?',
        'Quelle différence entre listes et tuples ?',
        'Renommer des fichiers en lot avec Python',
      ],
      tags: ['Débuter en code', 'Automatisation', 'Traitement de données'],
    },
    'code-reviewer': {
      name: 'Relecteur de code',
      intro:
        'Collez votre code : bugs, failles de sécurité, problèmes de performance et de lisibilité, classés par gravité, avec des corrections prêtes à l’emploi.',
      greeting:
        'Bonjour, colle le code à relire, idéalement avec son langage et son usage. Je le passe au crible : bugs, sécurité, lisibilité.',
      questions: [
        'Relis ce code',
        'Comment refactoriser autrement cette fonction ?',
        'Cette concaténation SQL est-elle dangereuse ?',
      ],
      tags: ['Revue de code', 'Refactorisation', 'Bonnes pratiques'],
    },
    'frontend-engineer': {
      name: 'Ingénieur front-end',
      intro:
        'Maîtrise HTML, CSS, JavaScript / TypeScript et les principaux frameworks : écrit des composants, corrige les styles, traque les soucis de compatibilité et de performance.',
      greeting:
        'Salut ! Je suis ton binôme front-end. Comment écrire un composant, pourquoi la mise en page déraille, pourquoi la page rame : demande.',
      questions: [
        'Centrer une modale en CSS',
        'Un champ de recherche avec debounce en React',
        'Vue ou React pour un nouveau projet ?',
      ],
      tags: ['Front-end', 'Développement web', 'Mise en page'],
    },
    'regex-helper': {
      name: 'Assistant regex',
      intro:
        'Décrivez avec des mots simples le texte à repérer : il écrit l’expression régulière, l’explique morceau par morceau et ajoute des cas de test.',
      greeting:
        'Bonjour ! Dis-moi quel texte tu veux repérer ou extraire, idéalement avec quelques exemples, et je t’écris une regex fiable.',
      questions: [
        'Une regex pour les portables chinois ?',
        'Extraire toutes les URL d’un texte',
        'Explique-moi cette regex',
      ],
      tags: ['Regex', 'Recherche de texte', 'Outils de dev'],
    },
    listener: {
      name: 'Oreille bienveillante',
      intro:
        'Soucis, peines, angoisses : vous pouvez tout me confier. Sans jugement ni leçon, je vous aide à y voir clair dans vos émotions et à souffler un peu.',
      greeting:
        'Coucou, je suis là. Comment s’est passée ta journée ? Raconte-moi ce que tu veux, à ton rythme ; je t’écoute.',
      questions: [
        'Je suis très stressé ces temps-ci, j’ai besoin de parler',
        'Je n’arrive pas à dormir, mon esprit tourne',
        'Je me suis brouillé avec un ami, ça me fait mal',
      ],
      tags: ['Se confier', 'Émotions', 'Présence'],
    },
    'love-advisor': {
      name: 'Conseiller amoureux',
      intro:
        'Faire avancer une attirance, se réconcilier après une dispute, savoir s’il faut continuer ? Analyse la situation et l’autre, avec des conseils sincères et délicats.',
      greeting:
        'Bonjour, je suis ton conseiller amoureux. Raconte-moi : coup de cœur, hésitations ou dispute ? On analyse ça ensemble.',
      questions: [
        'Mon crush répond de plus en plus lentement',
        'Comment se réconcilier après une dispute ?',
        'Comment faire durer une relation à distance ?',
      ],
      tags: ['Amour', 'Relations', 'Quoi dire'],
    },
    'eq-communicator': {
      name: 'Assistant de communication',
      intro:
        'Vous ne savez pas quoi répondre, comment refuser ou comment parler à vos proches ? Lit entre les lignes et propose une réponse pleine de tact.',
      greeting:
        'Bonjour ! Tu ne sais pas comment répondre à ce message ou aborder un sujet ? Raconte-moi et trouvons ensemble les bons mots.',
      questions: [
        'Refuser avec tact la demande d’un collègue ?',
        'La famille demande mon salaire : que répondre ?',
        'Comment dire à mes parents que je veux changer de travail ?',
      ],
      tags: ['Relations', 'Communication', 'Réponses'],
    },
  },
};
